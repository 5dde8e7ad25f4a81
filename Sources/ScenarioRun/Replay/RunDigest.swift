import ScenarioInput
import Simulation

/// What the text timeline and the picture need of a run, gathered as its events stream, so that
/// a run's memory does not grow with the number of fixes: a year at 1 Hz is 31.5 million fix
/// events, and a kept log of them took 3.7 GB.
///
/// - The **timeline** keeps every key moment (every event that is not a fix delivered, filtered
///   or queued) and folds the fixes between two key moments into one ``FixRun``, as the text
///   timeline prints them.
/// - The **picture** keeps every key moment too, and of the fixes between two key moments that
///   fall on one pixel column of the picture's time axis only the first, the first of each kind
///   and the last: the fix ticks (one per column and kind), the budget curve (one point per event,
///   so at most a few per column) and the state bands look as they would with every fix.
///
/// So the fixes cost at most a few events per pixel column and key moment, whatever the trip's
/// length; key moments (state changes, logs, mechanisms' events) are kept, each.
public struct RunDigest: Sendable {
    /// Fixes in a row between two key moments.
    public struct FixRun: Hashable, Sendable {
        public var from: Double
        public var to: Double
        public var delivered = 0
        public var filtered = 0
        public var queued = 0
    }

    /// One line of the timeline: a key moment, or the fixes since the last one.
    public enum Entry: Hashable, Sendable {
        case moment(SimEvent)
        case fixes(FixRun)
    }

    /// The timeline, in order (after ``finish()``; until then the fixes since the last moment wait in `openRun`).
    public private(set) var timeline: [Entry] = []
    private var openRun: FixRun?
    /// The events the picture draws, in order: the key moments and the fixes kept of each column.
    public private(set) var pictureEvents: [SimEvent] = []
    /// The planned length of the run, at least a second: the picture's axis the columns are counted on.
    private let axisDuration: Double

    /// The fixes of the current column since the last key moment: the first, the first of each
    /// kind (in order), and the last when it is none of those.
    private var block: [SimEvent] = []
    private var blockColumn = Int.min
    /// The kinds in `block`, one bit each (``kindBit(_:)``): asked at every fix.
    private var blockKinds: UInt8 = 0
    private var blockLast: SimEvent?

    /// An empty digest for a run of `duration` seconds (the axis the picture's columns are counted on).
    public init(duration: Double) {
        axisDuration = max(duration, 1)
    }

    /// The digest of a whole log, for runs that kept their events and for tests.
    public init(_ events: [SimEvent], duration: Double) {
        self.init(duration: duration)
        for event in events { add(event) }
        finish()
    }

    /// Whether an event is a fix the timeline folds.
    package static func isFix(_ kind: SimEvent.Kind) -> Bool {
        kindBit(kind) != 0
    }

    /// A fix kind's bit in `blockKinds`, 0 for other kinds. A `switch` rather than `==`, which
    /// compares the kinds' payloads through the derived equality at every event.
    @inline(__always)
    private static func kindBit(_ kind: SimEvent.Kind) -> UInt8 {
        switch kind {
        case .fixDelivered: 1
        case .fixFiltered: 2
        case .fixQueued: 4
        default: 0
        }
    }

    /// Events held (the timeline's moments and runs, and the picture's events), for tests:
    /// bounded by the key moments and the pixel columns, not by the fixes.
    public var retainedCount: Int { timeline.count + pictureEvents.count + block.count }

    /// Takes one event, in order.
    public mutating func add(_ event: SimEvent) {
        let bit = Self.kindBit(event.kind)
        guard bit != 0 else {
            closeRun()
            closeBlock()
            timeline.append(.moment(event))
            pictureEvents.append(event)
            return
        }
        // The timeline: fold into the run since the last moment.
        var run = openRun ?? FixRun(from: event.time, to: event.time)
        run.to = event.time
        switch bit {
        case 1: run.delivered += 1
        case 2: run.filtered += 1
        default: run.queued += 1
        }
        openRun = run
        // The picture: the first of the column, the first of each kind, the last.
        let column = PictureAxis.column(event.time, duration: axisDuration)
        if column != blockColumn { closeBlock() }
        blockColumn = column
        if blockKinds & bit == 0 {
            if let last = blockLast { block.append(last) }
            blockLast = nil
            block.append(event)
            blockKinds |= bit
        } else {
            blockLast = event
        }
    }

    /// The run ended: what is pending is kept.
    public mutating func finish() {
        closeRun()
        closeBlock()
    }

    private mutating func closeRun() {
        if let run = openRun { timeline.append(.fixes(run)) }
        openRun = nil
    }

    private mutating func closeBlock() {
        pictureEvents += block
        if let last = blockLast { pictureEvents.append(last) }
        block.removeAll(keepingCapacity: true)
        blockLast = nil
        blockColumn = .min
        blockKinds = 0
    }
}

/// Gathers a ``RunDigest`` as the run goes: give it to the run as a sink, then read ``digest``.
@MainActor
public final class RunDigestSink: SimEventSink {
    // Unchecked: changed at every event, only by `receive` and `finish` (the run-time checks
    // were a tenth of the digest's cost).
    @exclusivity(unchecked) public private(set) var digest: RunDigest

    /// `duration`: the run's planned length in seconds (``KeepAliveSimulation/endSeconds(of:)``).
    public init(duration: Double) { digest = RunDigest(duration: duration) }

    public func receive(_ event: SimEvent) { digest.add(event) }
    public func finish() { digest.finish() }
}
