import Foundation
import Scenario

/// The tracks and scripts the package ships, for tests that replay them.
enum Shipped {
    /// The package's root.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tracks/NAME`.
    static func track(_ name: String) -> String { root.appendingPathComponent("Tracks/\(name)").path }

    /// `Tracks/Scenarios/NAME.yaml`.
    static func script(_ name: String) -> String { root.appendingPathComponent("Tracks/Scenarios/\(name).yaml").path }

    /// The ready script `recipe` replayed on `track`, on `profile` when one is given.
    static func replay(_ recipe: String, on track: String, profile: String? = nil) throws -> Replay {
        var settings = try ScenarioFile.read(contentsOf: script(recipe))
        if let profile { settings.profile = profile }
        return Replay(track: self.track(track), settings: try settings.resolved())
    }
}
