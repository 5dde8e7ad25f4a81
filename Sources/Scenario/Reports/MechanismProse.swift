import Simulation

/// A mechanism's event in words: the payload of its `SimEventDetail` case. Each mechanism's
/// folder under `Sources/Scenario/Mechanisms/` makes its values conform, so ``Prose`` names no mechanism.
protocol MechanismEventProse {
    /// The timeline's line for `event`, whose detail carries this value.
    func text(in event: SimEvent) -> String
}

/// A mechanism's cause, warning, crash, wake reason or scenario note in words.
protocol MechanismProse {
    /// The words (a cause: "every BGTask was completed or failed").
    var text: String { get }
    /// The name JSON gives a cause (its case's name by default).
    var name: String { get }
}

extension MechanismProse {
    var name: String { Mirror(reflecting: self).children.first?.label ?? String(describing: self) }
}

extension Prose {
    /// The words for a shared enum's mechanism case (`SimCause.bgTasks(…)`, `SimScenarioNote.bgTasks(…)`
    /// inside `SimEventDetail.scenario(…)`), found through the payload's conformance; nil for a core case.
    static func mechanismText(_ value: Any, in event: SimEvent? = nil) -> String? {
        guard let payload = SimMechanismPayload.of(value) else { return nil }
        if let event, let words = payload as? any MechanismEventProse { return words.text(in: event) }
        if let words = payload as? any MechanismProse { return words.text }
        // A shared enum inside a core case (`.scenario(.bgTasks(note))`, `.crash(.bgTasks(crash))`).
        return Mirror(reflecting: payload).displayStyle == .enum ? mechanismText(payload, in: event) : nil
    }

    /// A mechanism cause's JSON name, nil for a core cause.
    static func mechanismName(_ cause: SimCause) -> String? {
        (SimMechanismPayload.of(cause) as? any MechanismProse)?.name
    }
}
