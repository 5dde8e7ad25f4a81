import Simulation

/// A field condition of a matrix's `conditions:` axis (spec §15, issue 19): the phone's state
/// over the trip, so that one matrix answers "does my design survive the field?". Each is
/// applied to a replay once its track's length is known: "mid-trip" is halfway through it.
/// The numbers are named [model] parameters, documented in Docs/Model.md §15.
public enum FieldCondition: String, NamedSetting {
    /// The phone as every replay has it: nothing added.
    case normal
    /// Low Power Mode on for the whole trip, with the field's reading of it for location
    /// (``SimLowPowerLocationEffect/stopsUntilRestarted``): the profile's default follows Apple
    /// (no change), so the matrix tries a design against both (§15).
    case lowPower = "low-power"
    /// The battery just over Low Power Mode's offer, draining: the offer comes a few minutes in
    /// and the user accepts it (the profile's default).
    case lowBattery = "low-battery"
    /// The phone restarts halfway through the trip; the user unlocks it a minute later.
    case restartMidTrip = "restart-mid-trip"
    /// The App Store updates the app halfway through the trip.
    case appUpdated = "app-updated"
    /// Other apps' demand for memory turns critical halfway through the trip.
    case memoryPressure = "memory-pressure"
    /// The phone is hot (thermal state serious) for the whole trip.
    case hot

    /// Where "mid-trip" falls, as a fraction of the track's duration.
    public static let midTripFraction = 0.5
    /// Seconds from a restart to the user's unlock.
    public static let unlockAfterRestartSeconds = 60.0
    /// `low-battery`'s level at the start and its drain per hour: 20.5 % at 10 % an hour reaches
    /// the 20 % offer 3 min in.
    public static let lowBatteryLevel = 0.205
    public static let lowBatteryDrainPerHour = 0.1

    /// `configuration` with the condition applied to its device and timeline.
    public func apply(to configuration: inout SimulationConfiguration) {
        let trajectory = configuration.trajectory
        let middle = trajectory.startTime + trajectory.duration * Self.midTripFraction
        var events: [SimScenarioEvent] = []
        switch self {
        case .normal:
            break
        case .lowPower:
            configuration.device.lowPowerMode = true
            configuration.profile.lowPowerModeLocation = .stopsUntilRestarted
        case .lowBattery:
            configuration.device.batteryLevel = Self.lowBatteryLevel
            configuration.device.batteryDrainPerHour = Self.lowBatteryDrainPerHour
            configuration.device.charging = false
        case .restartMidTrip:
            events = [SimScenarioEvent(at: middle, .device(.restart)),
                      SimScenarioEvent(at: middle + Self.unlockAfterRestartSeconds, .unlock)]
        case .appUpdated:
            events = [SimScenarioEvent(at: middle, .device(.appUpdate))]
        case .memoryPressure:
            events = [SimScenarioEvent(at: middle, .resources(.criticalMemoryPressure))]
        case .hot:
            configuration.device.thermalState = .serious
        }
        configuration.timeline += events
        configuration.timeline.sort { $0.time < $1.time }  // stable: the scenario's own events at one instant come first
    }
}
