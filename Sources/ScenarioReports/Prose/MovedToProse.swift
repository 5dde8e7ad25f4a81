import ScenarioInput
import ScenarioRun
import Simulation

// Words the simulation's values once carried, moved to the reports when the simulation stopped
// making prose (Docs/CHANGELOG.md). Kept, deprecated, so code written against them still builds
// and says where to go; they will be removed at 1.0.

extension SimSummary {
    /// The verdict in one sentence.
    @available(*, deprecated, message: "prose is made by the reports: use Prose.sentence(summary)")
    public var sentence: String { Prose.sentence(self) }

    /// Why the app was suspended or ended, in words; `nil` when nothing did.
    @available(*, deprecated, message: "prose is made by the reports: use Prose.reason(summary.causes)")
    public var reason: String? { Prose.reason(causes) }
}

extension SimEvent {
    /// The event in words, as the timeline prints it.
    @available(*, deprecated, message: "prose is made by the reports: use Prose.message(event)")
    public var message: String { Prose.message(self) }
}
