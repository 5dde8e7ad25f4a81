import Foundation
import Scenario
import Simulation

/// The tracks and scripts the package ships, for tests that replay them.
enum Shipped {
    /// The package's root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tracks/NAME`.
    static func track(_ name: String) -> String { root.appendingPathComponent("Tracks/\(name)").path }

    /// `Tracks/Scenarios/NAME.yaml`.
    static func script(_ name: String) -> String { root.appendingPathComponent("Tracks/Scenarios/\(name).yaml").path }

    /// The ready script `recipe` replayed on `track`, on `profile` when one is given.
    static func replay(_ recipe: String, on track: String, profile: String? = nil) throws -> ReplayRun {
        var settings = try ScenarioFile.read(contentsOf: script(recipe))
        if let profile { settings.$profile = Setting(text: profile) }
        return ReplayRun(track: self.track(track), settings: try settings.resolved())
    }
}

/// An event's time and typed detail, for exact comparisons.
struct At: Equatable {
    let time: Double
    let detail: SimEventDetail
    init(_ time: Double, _ detail: SimEventDetail) {
        self.time = time
        self.detail = detail
    }
}

/// The events of some kinds, as times and details.
func log(_ result: SimulationResult, _ kinds: Set<SimEvent.Kind>) -> [At] {
    result.events.filter { kinds.contains($0.kind) }.map { At($0.time, $0.detail) }
}
