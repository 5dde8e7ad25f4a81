import ScenarioInput
import ScenarioRun
import Simulation

/// The mechanisms' lanes in the picture, one stored builder per mechanism, drawn top to bottom
/// under the wakes in the order of its properties. Each builder lives in its mechanism's folder
/// under `Sources/ScenarioReports/Mechanisms/` and reads the run's events in one pass; what is not its
/// mechanism's it ignores (its state still tells when the app stops running, which may close a
/// span). Built by the memberwise initializer, so a new builder is a compile error until
/// ``SystemEventLanes`` passes it, and `read` and `lanes` list it next to it.
struct MechanismLanes {
    var backgroundTasks: BackgroundTaskLanes  // UIKit's, a core mechanism, first
    var liveUpdates: LiveUpdateLanes  // live updates and service sessions share the lane
    var regions: RegionLanes  // regions, visits and CLMonitor share the lane
    var bgTasks: BGTaskLanes
    var transfers: TransferLanes
    var audio: AudioLanes
    var pushes: PushLanes
    var locationPushes: LocationPushLanes  // the extension's runs (§16)
    var device: DeviceLanes  // the device's conditions (§15): the phone's lane

    /// Reads one event of the run, in order.
    mutating func read(_ event: SimEvent, _ picture: LaneContext) {
        backgroundTasks.read(event, picture)
        liveUpdates.read(event, picture)
        regions.read(event, picture)
        bgTasks.read(event, picture)
        transfers.read(event, picture)
        audio.read(event, picture)
        pushes.read(event, picture)
        locationPushes.read(event, picture)
        device.read(event, picture)
    }

    /// The lanes, with spans still open closed at `end`; empty lanes are left out by the caller.
    mutating func lanes(end: Double, _ picture: LaneContext) -> [PictureLane] {
        backgroundTasks.lanes(end: end, picture) + liveUpdates.lanes(end: end, picture) + regions.lanes(end: end, picture)
            + bgTasks.lanes(end: end, picture) + transfers.lanes(end: end, picture) + audio.lanes(end: end, picture)
            + pushes.lanes(end: end, picture) + locationPushes.lanes(end: end, picture) + device.lanes(end: end, picture)
    }
}

/// What a lane builder needs of the picture: the time axis and the tooltips.
struct LaneContext {
    /// The x coordinate of a time.
    let x: (Double) -> Double

    /// A mark's tooltip: the event's timeline line.
    func title(_ event: SimEvent) -> String { "\(Formatting.clock(event.time)) \(Prose.message(event))" }

    /// A span's tooltip.
    func range(_ from: Double, _ to: Double, _ title: String) -> String {
        "\(Formatting.clock(from))–\(Formatting.clock(to)): \(title)"
    }
}

/// The picture's colours: location mechanisms teal, pushes purple, BGTasks orange, audio indigo; trouble red.
enum LaneColor {
    static let teal = "#00897b", lightTeal = "#80cbc4", darkTeal = "#00695c"
    static let purple = "#8e24aa", orange = "#ef6c00", red = "#c62828", grey = "#90a4ae"
    static let indigo = "#3949ab", magenta = "#ad1457", violet = "#5e35b1"
}
