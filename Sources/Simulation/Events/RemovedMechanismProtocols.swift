// The protocols the run once reached a mechanism's payload through, by reflection. The run now
// routes each shared enum's case by an exhaustive switch (Run/MechanismRouting.swift), so these
// require nothing; they stay one release so that a conformance still compiles, with a warning.

/// Formerly a mechanism's event kind, named as the JSON Lines report writes it.
@available(*, deprecated, message: "SimEvent.kind follows from the detail by a switch; a mechanism's Kind keeps its rawValue")
public typealias SimMechanismEventKind = Sendable

/// Formerly a mechanism's scenario action that applied itself.
@available(*, deprecated, message: "SimScenarioEvent.Action is routed by a switch; drop the conformance")
public typealias SimMechanismScenarioAction = Sendable

/// Formerly a mechanism's warning that could be about the run as a whole.
@available(*, deprecated, message: "SimWarning.isAboutTheRun is answered by a switch; drop the conformance")
public typealias SimMechanismWarning = Sendable
