import Foundation
import Scenario
import Scripting
import Simulation

/// The tracks and scripts the package ships, for tests that replay them.
public enum Shipped {
    /// The package's root.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Tracks/NAME`.
    public static func track(_ name: String) -> String { root.appendingPathComponent("Tracks/\(name)").path }

    /// `Tracks/Scenarios/NAME.yaml`.
    public static func script(_ name: String) -> String { root.appendingPathComponent("Tracks/Scenarios/\(name).yaml").path }

    /// The ready script `recipe` replayed on `track`, on `profile` and judged by `goal` (as
    /// `--goal` writes it) when they are given.
    public static func replay(_ recipe: String, on track: String, profile: String? = nil, goal: String? = nil) throws -> ReplayRun {
        var settings = try ScenarioFile.read(contentsOf: script(recipe))
        if let profile { settings.$profile = Setting(text: profile) }
        if let goal { settings.$goal = Setting(text: goal) }
        return ReplayRun(track: self.track(track), settings: try settings.resolved())
    }
}

/// The app script of a scenario file's text (`app: …`), named `s.yaml` in messages.
public func script(_ text: String) throws -> AppScript? {
    try ScenarioFile.parse(text, name: "s.yaml").app
}

/// The app's log lines with the process that wrote them: `"300 p2 woken"`.
public func heard(_ result: SimulationResult) -> [String] {
    result.events.filter { $0.kind == .appLog }.compactMap { event in
        guard case .appLog(let line) = event.detail else { return nil }
        let time = event.time == event.time.rounded() ? String(Int(event.time)) : String(event.time)
        return "\(time) p\(event.process) \(line)"
    }
}
