import Simulation

/// A mechanism's lanes in the picture (BGTasks, regions, audio, …), built from the run's events
/// in one pass. Each mechanism's folder under `Sources/Scenario/Mechanisms/` declares one, and
/// ``ScenarioMechanisms/all`` lists them, one line each, top to bottom.
protocol MechanismLanes: Sendable {
    init()
    /// Reads one event of the run, in order; what is not the mechanism's is ignored (its state
    /// still tells when the app stops running, which may close a span).
    mutating func read(_ event: SimEvent, _ picture: LaneContext)
    /// The lanes, with spans still open closed at `end`; empty lanes are left out by the caller.
    mutating func lanes(end: Double, _ picture: LaneContext) -> [PictureLane]
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
