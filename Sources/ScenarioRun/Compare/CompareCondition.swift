import ScenarioInput
import Simulation

/// A field condition (spec §15) that could stop a real app's fixes where the model kept them:
/// what `keepalive compare` tries at the first divergence.
public enum CompareCondition: String, CaseIterable, Hashable, Sendable {
    /// Low Power Mode switched on, with the field's reading for location (``lowPowerModeLocation``).
    case lowPowerMode = "low-power-mode"
    /// The CPU monitor kills the app (80 % over 60 s in the background, ``ResourceProfile/cpuLimit``).
    case cpuLimit = "cpu-limit"
    /// Other apps' demand for memory turns critical.
    case memoryPressure = "memory-pressure"
    /// The phone restarts; the user unlocks it ``FieldCondition/unlockAfterRestartSeconds`` later.
    case restart
    /// The App Store updates the app.
    case appUpdate = "app-update"

    /// What the condition tries for Low Power Mode's effect on location: the field's reading,
    /// ``SimLowPowerLocationEffect/stopsUntilRestarted`` (the profile's default follows Apple,
    /// which names no effect, and could never explain a gap, §15); `nil` for the other conditions.
    public var lowPowerModeLocation: SimLowPowerLocationEffect? {
        self == .lowPowerMode ? .stopsUntilRestarted : nil
    }

    /// The scenario events that bring the condition about at `time`; `nil` when the model can
    /// bring it about only through the app's own work (the CPU limit), not at a chosen second.
    public func events(at time: Double) -> [SimScenarioEvent]? {
        switch self {
        case .lowPowerMode: [SimScenarioEvent(at: time, .device(.setLowPowerMode(true)))]
        case .cpuLimit: nil
        case .memoryPressure: [SimScenarioEvent(at: time, .resources(.criticalMemoryPressure))]
        case .restart:
            [SimScenarioEvent(at: time, .device(.restart)), SimScenarioEvent(at: time + FieldCondition.unlockAfterRestartSeconds, .unlock)]
        case .appUpdate: [SimScenarioEvent(at: time, .device(.appUpdate))]
        }
    }
}

/// What trying a condition at a divergence found.
public enum ConditionFinding: String, Hashable, Sendable {
    /// Replayed from the device's last fix before the divergence, the model too misses the second.
    case reproduces
    /// Replayed so, the model still covers the second.
    case doesNotReproduce = "does-not-reproduce"
    /// Not replayable at a second; the model's state then allows it (the CPU monitor watches an
    /// app running in the background).
    case possible
    /// Not replayable; the model's state then rules it out (the app was not running in the background).
    case ruledOut = "ruled-out"
}

/// One condition tried at a divergence, and what it found.
public struct ConditionCheck: Hashable, Sendable {
    public var condition: CompareCondition
    public var finding: ConditionFinding
}
