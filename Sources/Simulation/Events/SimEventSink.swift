/// Where a run's events go as they happen.
///
/// A run keeps no event log of its own: it hands each event to its sinks, so its memory does not
/// grow with the trip unless a sink keeps everything (``SimEventLog`` does, for tests and short
/// runs). The command-line tool streams JSON Lines to a file and folds the timeline as it goes.
@MainActor
public protocol SimEventSink: AnyObject {
    /// One event, in order.
    func receive(_ event: SimEvent)
    /// The run ended; flush what is buffered.
    func finish()
}

extension SimEventSink {
    public func finish() {}
}

/// Keeps every event in memory: the sink for tests and short runs.
@MainActor
public final class SimEventLog: SimEventSink {
    /// Everything that happened, in order.
    public private(set) var events: [SimEvent] = []

    public init() {}

    public func receive(_ event: SimEvent) { events.append(event) }
}

/// Hands each event to a closure.
@MainActor
public final class SimEventHandler: SimEventSink {
    private let handle: (SimEvent) -> Void
    private let done: () -> Void

    /// `handle` hears each event, `done` the end of the run.
    public init(_ handle: @escaping (SimEvent) -> Void, done: @escaping () -> Void = {}) {
        self.handle = handle
        self.done = done
    }

    public func receive(_ event: SimEvent) { handle(event) }
    public func finish() { done() }
}
