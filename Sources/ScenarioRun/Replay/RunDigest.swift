import ScenarioInput
import Simulation

/// What the text timeline and the picture need of a run, gathered as its events stream, so that
/// a run's memory does not grow with the number of fixes nor of key moments: a year at 1 Hz is
/// 31.5 million fix events, and a kept log of them took 3.7 GB; five years of BGTask runs are
/// hundreds of thousands of key moments (≈ 900 B each, 700 MB).
///
/// - The **timeline** keeps every key moment (every event that is not a fix delivered, filtered
///   or queued) and folds the fixes between two key moments into one ``FixRun``, as the text
///   timeline prints them; past ``timelineHeadEntries`` + ``timelineTailEntries`` entries it keeps
///   the first and the last of them and counts the ones between in ``timelineFold``.
/// - The **picture** keeps every key moment too, and of the fixes between two key moments that
///   fall on one pixel column of the picture's time axis only the first, the first of each kind
///   and the last: the fix ticks (one per column and kind), the budget curve (one point per event,
///   so at most a few per column) and the state bands look as they would with every fix. Past
///   ``pictureMomentsBeforeFolding`` key moments, a pixel column keeps its first
///   ``pictureMomentsPerColumn`` (up to twice as many, until the app is in the state it spent
///   the most of the column in) and then only the last event of each kind (so the state at the column's
///   end, and every lane's open or closed span, is as with every event), and
///   ``pictureMomentsFolded`` counts the key moments left out.
///
/// So what is kept is bounded by the caps and the pixel columns, whatever the trip's length.
public struct RunDigest: Sendable {
    /// Timeline entries kept from the start of the run: with ``timelineTailEntries``, the most a
    /// timeline holds (a day's navigation run has a few dozen; 10 000 lines are ≈ 1 MB of text).
    public static let timelineHeadEntries = 5_000
    /// Timeline entries kept up to the end of the run, once the first ``timelineHeadEntries`` are taken.
    public static let timelineTailEntries = 5_000
    /// Key moments the picture keeps, each, before it folds them per pixel column (a day's run has
    /// a few hundred; a year of BGTask runs, ≈ 150 000).
    public static let pictureMomentsBeforeFolding = 20_000
    /// Key moments a pixel column keeps, each, once the picture folds (up to twice as many, until
    /// the app is in the state it spent the most of the column in): then the last of each kind.
    public static let pictureMomentsPerColumn = 16

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

    /// The timeline entries left out between the first ``timelineHeadEntries`` and the last
    /// ``timelineTailEntries``: when, and how many of each kind.
    public struct TimelineFold: Hashable, Sendable {
        /// How many key moments of one kind were folded.
        public struct KindCount: Hashable, Sendable {
            public let kind: SimEvent.Kind
            public var count: Int
        }

        /// Where the fold goes in ``RunDigest/timeline``: before the entry at this index.
        public let index: Int
        /// The first folded entry's time (a fix run's start).
        public private(set) var from: Double
        /// The last folded entry's time (a fix run's end).
        public private(set) var to: Double
        /// Key moments folded, by kind, in the order each kind was first folded.
        public private(set) var kinds: [KindCount] = []
        /// The fixes of the folded fix runs (its `from` and `to` are the fold's).
        public private(set) var fixes: FixRun
        /// Where each kind is in `kinds`.
        private var kindIndex: [SimEvent.Kind: Int] = [:]

        init(index: Int, at time: Double) {
            self.index = index
            from = time
            to = time
            fixes = FixRun(from: time, to: time)
        }

        /// Key moments folded, every kind together.
        public var moments: Int { kinds.reduce(0) { $0 + $1.count } }

        mutating func fold(_ entry: Entry) {
            switch entry {
            case .moment(let event):
                to = max(to, event.time)
                let kind = event.kind
                if let index = kindIndex[kind] {
                    kinds[index].count += 1
                } else {
                    kindIndex[kind] = kinds.count
                    kinds.append(KindCount(kind: kind, count: 1))
                }
            case .fixes(let run):
                to = max(to, run.to)
                fixes.to = to
                fixes.delivered += run.delivered
                fixes.filtered += run.filtered
                fixes.queued += run.queued
            }
        }
    }

    /// The timeline, in order (after ``finish()``; until then the fixes since the last moment wait
    /// in `openRun`, and the last entries in `tail`): every entry, or past
    /// ``timelineHeadEntries`` + ``timelineTailEntries`` the first and the last of them, with
    /// ``timelineFold`` between.
    public private(set) var timeline: [Entry] = []
    /// What the timeline left out, when it had more entries than it keeps.
    public private(set) var timelineFold: TimelineFold?
    private var openRun: FixRun?
    /// The last entries once the head is full: a ring from `tailStart`.
    private var tail: [Entry] = []
    private var tailStart = 0
    /// The events the picture draws, in order: the key moments and the fixes kept of each column.
    public private(set) var pictureEvents: [SimEvent] = []
    /// Key moments the picture left out (more than ``pictureMomentsPerColumn`` on a pixel column,
    /// once the run had more than ``pictureMomentsBeforeFolding``).
    public var pictureMomentsFolded: Int { columnFold?.folded ?? 0 }
    /// Key moments in `pictureEvents` before it folds.
    private var pictureMoments = 0
    /// The per-column fold, once the picture has had more than ``pictureMomentsBeforeFolding`` key moments.
    private var columnFold: ColumnFold?
    /// The planned length of the run, at least a second: the picture's axis the columns are counted on.
    private let axisDuration: Double

    /// The fixes of the current column since the last key moment: the first, the first of each
    /// kind (in order), and the last when it is none of those.
    private var block: [SimEvent] = []
    private var blockColumn = Int.min
    /// The kinds in `block`, one bit each (``kindBit(_:)``): asked at every fix.
    private var blockKinds: UInt8 = 0
    /// The column's last fix so far, kept in parts that copy without reference counting: it is
    /// replaced at every fix (as a `SimEvent` its detail's copy and destruction went through the
    /// detail's every case).
    private var blockLast: FixEvent?

    /// A fix event in parts: ``event`` makes the same `SimEvent` again.
    private struct FixEvent {
        let time: Double
        let fix: SimFixRecord
        let state: SimAppState
        let remaining: Double?
        let process: Int

        var event: SimEvent { SimEvent(time: time, detail: .fix(fix), state: state, remaining: remaining, process: process) }
    }

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
    /// bounded by the caps and the pixel columns, not by the fixes nor the key moments.
    public var retainedCount: Int { timeline.count + tail.count + pictureEvents.count + block.count + (columnFold?.held.count ?? 0) }

    /// Takes one event, in order.
    public mutating func add(_ event: SimEvent) {
        let bit = Self.kindBit(event.kind)
        guard bit != 0 else {
            closeRun()
            closeBlock()
            append(.moment(event))
            draw(event, moment: true)
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
            if let last = blockLast { block.append(last.event) }
            blockLast = nil
            block.append(event)
            blockKinds |= bit
        } else if let fix = event.fix {
            blockLast = FixEvent(time: event.time, fix: fix, state: event.state, remaining: event.remaining, process: event.process)
        }
    }

    /// The run ended: what is pending is kept.
    public mutating func finish() {
        closeRun()
        closeBlock()
        if var fold = columnFold {
            fold.flush(into: &pictureEvents)
            columnFold = fold
        }
        // The tail, in order, after the head.
        timeline += tail[tailStart...]
        timeline += tail[..<tailStart]
        tail = []
        tailStart = 0
    }

    /// A timeline entry: into the head while it has room, then into the tail, whose oldest entry
    /// goes into the fold.
    private mutating func append(_ entry: Entry) {
        guard timeline.count == Self.timelineHeadEntries else {
            timeline.append(entry)
            return
        }
        guard tail.count == Self.timelineTailEntries else {
            tail.append(entry)
            return
        }
        let oldest = tail[tailStart]
        tail[tailStart] = entry
        tailStart = (tailStart + 1) % tail.count
        if timelineFold == nil {
            let start = switch oldest {
            case .moment(let event): event.time
            case .fixes(let run): run.from
            }
            timelineFold = TimelineFold(index: timeline.count, at: start)
        }
        timelineFold?.fold(oldest)
    }

    /// An event for the picture: kept, or once the picture folds, through the column's fold.
    private mutating func draw(_ event: SimEvent, moment: Bool) {
        if columnFold == nil {
            pictureEvents.append(event)
            guard moment else { return }
            pictureMoments += 1
            guard pictureMoments > Self.pictureMomentsBeforeFolding else { return }
            // Too many: what is kept is folded again, column by column, and so is what comes.
            var fold = ColumnFold(duration: axisDuration)
            let kept = pictureEvents
            pictureEvents = []
            for event in kept { fold.add(event, moment: !Self.isFix(event.kind), into: &pictureEvents) }
            columnFold = fold
            return
        }
        columnFold!.add(event, moment: moment, into: &pictureEvents)
    }

    private mutating func closeRun() {
        if let run = openRun { append(.fixes(run)) }
        openRun = nil
    }

    private mutating func closeBlock() {
        for event in block { draw(event, moment: false) }
        if let last = blockLast { draw(last.event, moment: false) }
        block.removeAll(keepingCapacity: true)
        blockLast = nil
        blockColumn = .min
        blockKinds = 0
    }
}

/// The picture's events folded per pixel column: a column's first
/// ``RunDigest/pictureMomentsPerColumn`` key moments (and the fixes among them) are kept, and
/// more, up to twice as many, until the app is in the state it has spent the most of the column
/// in so far; after them only the last event of each kind, in order, so that whatever an event
/// of a kind opens or closes (a state, a span) stands at the column's end as with every event.
///
/// The wait for that state is for the state band: what is drawn from the last kept moment to
/// the first held one is the kept moment's state, so a column of BGTask runs (suspended, 10 s in
/// the background, suspended) must not stop keeping in the middle of a run, or its 10 s would be
/// drawn over the column's hours.
struct ColumnFold: Sendable {
    private let duration: Double
    private var column = Int.min
    /// Key moments of the current column kept so far.
    private var moments = 0
    /// The app's state after the last event seen, and that event's time.
    private var lastState = SimAppState.notRunning
    private var lastTime = 0.0
    /// Seconds in each state (``SimAppState/allCases``' order) in the current column so far,
    /// from the last event before it.
    private var secondsInState = [Double](repeating: 0, count: SimAppState.allCases.count)
    /// Whether the current column holds its events back (keeps only the last of each kind).
    private var folding = false
    /// While folding: the last event of each kind, in order.
    private(set) var held: [SimEvent] = []
    /// Key moments left out, over the run.
    private(set) var folded = 0

    init(duration: Double) { self.duration = duration }

    mutating func add(_ event: SimEvent, moment: Bool, into events: inout [SimEvent]) {
        let column = PictureAxis.column(event.time, duration: duration)
        if column != self.column {
            flush(into: &events)
            self.column = column
            moments = 0
            folding = false
            for index in secondsInState.indices { secondsInState[index] = 0 }
        }
        if let index = SimAppState.allCases.firstIndex(of: lastState) { secondsInState[index] += event.time - lastTime }
        lastState = event.state
        lastTime = event.time
        if !folding {
            let kept = events.last?.state ?? .notRunning
            let enough = moments >= 2 * RunDigest.pictureMomentsPerColumn
                || (moments >= RunDigest.pictureMomentsPerColumn && kept == mostOfTheColumn)
            guard enough else {
                events.append(event)
                if moment { moments += 1 }
                return
            }
            folding = true
        }
        if moment { folded += 1 }
        // At most one of each kind: the kinds are few, so a look along the list.
        let kind = event.kind
        if let index = held.firstIndex(where: { $0.kind == kind }) {
            held.remove(at: index)
        }
        held.append(event)
    }

    /// The state the app has spent the most of the current column in so far (the first of
    /// ``SimAppState/allCases`` on a tie).
    private var mostOfTheColumn: SimAppState {
        var best = 0
        for index in secondsInState.indices where secondsInState[index] > secondsInState[best] { best = index }
        return SimAppState.allCases[best]
    }

    /// The column ended: its held events are kept, and are not folded.
    mutating func flush(into events: inout [SimEvent]) {
        for event in held where !RunDigest.isFix(event.kind) { folded -= 1 }
        events += held
        held.removeAll(keepingCapacity: true)
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
