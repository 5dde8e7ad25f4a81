import ScenarioInput
import ScenarioRun
import Simulation

// Forwarders for the public names of the reports and of the words the simulation's values once
// carried, renamed or moved since 0.1.0, so that code written against a tag compiles with
// warnings, not errors (Docs/CHANGELOG.md says how to migrate each). They go at 1.0. Forwarders
// standing beside what they forward to: `grep -rn '@available(\*, deprecated' Sources`.

extension Prose {
    /// 0.1.0's words for a gap, when every goal was a location goal: the navigation goal's gap.
    @available(*, deprecated, renamed: "gap(_:of:)", message: "a gap's words depend on its goal since 0.2.0: pass the coverage's goal")
    public static func gap(_ gap: SimGap) -> String {
        Prose.gap(gap, of: .location(.navigation()))
    }

    /// 0.1.0's words for what opened a gap: the navigation goal's.
    @available(*, deprecated, renamed: "gapCause(_:of:)", message: "a gap's words depend on its goal since 0.2.0: pass the coverage's goal")
    public static func gapCause(_ causes: [SimCause]) -> String {
        gapCause(causes, of: .location(.navigation()))
    }
}

// Moved to the reports when the simulation stopped making prose (0.2.0).

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
