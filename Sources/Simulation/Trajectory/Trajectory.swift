import Foundation
import Geodesy

/// One known position of the device: where it truly was at a moment of the trip.
public struct TrajectorySample: Hashable, Sendable, Codable {
    /// Seconds from the start of the trip.
    public var time: Double
    public var coordinate: GeoCoordinate
    /// Metres above sea level, if known.
    public var altitude: Double?
    /// Recorded speed in m/s, if the source had one; otherwise it is derived from neighbours.
    public var speed: Double?
    /// Recorded course in degrees, if the source had one; otherwise it is derived from neighbours.
    public var course: Double?

    /// Creates a sample.
    public init(time: Double, coordinate: GeoCoordinate, altitude: Double? = nil, speed: Double? = nil, course: Double? = nil) {
        self.time = time
        self.coordinate = coordinate
        self.altitude = altitude
        self.speed = speed
        self.course = course
    }
}

/// Where the device truly is at a moment, as the location manager's fixes are drawn from it.
public struct TruePosition: Hashable, Sendable {
    public var coordinate: GeoCoordinate
    public var altitude: Double?
    /// Metres per second (recorded, or from the neighbouring samples).
    public var speed: Double
    /// Degrees from true north; negative when the device does not move.
    public var course: Double
}

/// The true path of a trip over time: the input of a simulation.
///
/// A trajectory is a list of *pieces*, each a run of samples with increasing times; between
/// pieces (GPX track segments) the signal is lost and no position is known. Within a piece a
/// position at any moment is interpolated along the great circle between the samples around it,
/// so tracks sparser than the location manager's cadence are filled in and denser ones are
/// sampled down.
public struct Trajectory: Hashable, Sendable {
    /// The runs of samples, each sorted by time.
    public private(set) var pieces: [[TrajectorySample]]
    /// Speed and bearing from each sample to the next, worked out once: a replay asks for
    /// positions many times.
    private var steps: [[(speed: Double, course: Double)]] = []
    /// The date of time 0, for fix timestamps.
    public var startDate: Date
    /// Whether each piece starts after the one before ends, as a replayed track's do: then the
    /// piece holding a time is the only one, and a ``TrajectoryCursor`` finds the same.
    private var piecesInOrder = true
    /// The whole trip's moving seconds at each speed asked, counted once for this trajectory and
    /// its copies: `--explain`'s 50 candidates share the track's, and each asks (issue 33).
    private let tripMovingSeconds = MovingSecondsMemo()

    /// Creates a trajectory. Samples whose time does not increase within a piece are dropped;
    /// empty pieces are removed. Times are seconds from `startDate`.
    public init(pieces: [[TrajectorySample]], startDate: Date = Date(timeIntervalSince1970: 946_684_800)) {
        self.startDate = startDate
        self.pieces = pieces.compactMap { piece in
            // Most pieces are in order already: keep them as they are, without a second copy.
            if !piece.isEmpty, zip(piece, piece.dropFirst()).allSatisfy({ $0.time < $1.time }) { return piece }
            var kept: [TrajectorySample] = []
            kept.reserveCapacity(piece.count)
            for sample in piece where kept.last.map({ sample.time > $0.time }) ?? true {
                kept.append(sample)
            }
            return kept.isEmpty ? nil : kept
        }
        piecesInOrder = zip(self.pieces, self.pieces.dropFirst()).allSatisfy { $0.last!.time < $1.first!.time }
        steps = self.pieces.map(Self.steps(along:))
    }

    /// Speed and bearing from each sample of a piece to the next. A sample's latitude sines serve
    /// the step into it and the step out of it: worked out once (trigonometry was most of a
    /// replay's building of its trajectory).
    private static func steps(along piece: [TrajectorySample]) -> [(speed: Double, course: Double)] {
        var steps: [(speed: Double, course: Double)] = []
        steps.reserveCapacity(max(piece.count - 1, 0))
        var lastSines: (index: Int, sines: Geodesy.LatitudeSines)?
        for index in piece.indices.dropLast() {
            let before = piece[index], after = piece[index + 1]
            let metres = Geodesy.distance(from: before.coordinate, to: after.coordinate)
            var course = -1.0
            if metres > 0 {
                let beforeSines = lastSines?.index == index ? lastSines!.sines : Geodesy.LatitudeSines(before.coordinate)
                let afterSines = Geodesy.LatitudeSines(after.coordinate)
                lastSines = (index + 1, afterSines)
                course = Geodesy.initialBearing(from: before.coordinate, beforeSines, to: after.coordinate, afterSines)
            }
            steps.append((metres / (after.time - before.time), course))
        }
        return steps
    }

    public static func == (lhs: Trajectory, rhs: Trajectory) -> Bool {
        lhs.pieces == rhs.pieces && lhs.startDate == rhs.startDate
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pieces)
        hasher.combine(startDate)
    }

    /// Time of the first sample (0 for a trajectory built from a track), or 0 when empty.
    public var startTime: Double { pieces.first?.first?.time ?? 0 }
    /// Time of the last sample.
    public var endTime: Double { pieces.last?.last?.time ?? 0 }
    /// Seconds from the first to the last sample.
    public var duration: Double { endTime - startTime }
    /// Number of samples.
    public var sampleCount: Int { pieces.reduce(0) { $0 + $1.count } }

    /// The spans with no position: from the end of one piece to the start of the next.
    public var signalGaps: [ClosedRange<Double>] {
        zip(pieces, pieces.dropFirst()).map { $0.last!.time...$1.first!.time }
    }

    /// The true position at `time`, or `nil` before the start, after the end, or between pieces.
    public func position(at time: Double) -> TruePosition? {
        var cursor = TrajectoryCursor()
        return position(at: time, cursor: &cursor)
    }

    /// The true position at `time`, as ``position(at:)`` gives it, looked up from where `cursor`
    /// was left: a caller that asks for later and later times (a fix a second) finds each in a
    /// step or two instead of two binary searches.
    public func position(at time: Double, cursor: inout TrajectoryCursor) -> TruePosition? {
        guard let pieceIndex = self.pieceIndex(at: time, cursor: &cursor) else { return nil }
        let piece = pieces[pieceIndex]
        if piece.count == 1 {
            let only = piece[0]
            return TruePosition(coordinate: only.coordinate, altitude: only.altitude, speed: only.speed ?? 0, course: only.course ?? -1)
        }
        let index = Self.sampleBefore(time, in: piece, from: cursor.sample)
        cursor.sample = index
        let before = piece[index]
        let after = piece[index + 1]
        let step = steps[pieceIndex][index]
        let fraction = (time - before.time) / (after.time - before.time)
        let coordinate = Self.interpolate(before.coordinate, after.coordinate, fraction)
        let altitude: Double? = switch (before.altitude, after.altitude) {
        case let (a?, b?): a + (b - a) * fraction
        case let (a?, nil): a
        case let (nil, b?): b
        case (nil, nil): nil
        }
        let exact = fraction <= 0 ? before : fraction >= 1 ? after : nil
        let speed = exact?.speed ?? before.speed.flatMap { b in after.speed.map { b + ($0 - b) * fraction } } ?? step.speed
        let course = exact?.course ?? before.course ?? step.course
        return TruePosition(coordinate: coordinate, altitude: altitude, speed: speed, course: course)
    }

    /// The piece holding `time`, from where `cursor` was left (then a binary search); the cursor
    /// moves to its start when the piece changes. `nil` in a signal gap.
    @inline(__always)
    private func pieceIndex(at time: Double, cursor: inout TrajectoryCursor) -> Int? {
        if piecesInOrder, cursor.piece < pieces.count, let first = pieces[cursor.piece].first?.time,
           let last = pieces[cursor.piece].last?.time, first <= time, time <= last {
            return cursor.piece
        }
        guard let found = piece(containing: time) else { return nil }
        cursor = TrajectoryCursor(piece: found, sample: 0)
        return found
    }

    /// The speed ``position(at:cursor:)`` gives at `time`, without placing the point: what a
    /// goal's meter needs for each second, at a fraction of the cost.
    func speed(at time: Double, cursor: inout TrajectoryCursor) -> Double? {
        guard let pieceIndex = self.pieceIndex(at: time, cursor: &cursor) else { return nil }
        let piece = pieces[pieceIndex]
        if piece.count == 1 { return piece[0].speed ?? 0 }
        let index = Self.sampleBefore(time, in: piece, from: cursor.sample)
        cursor.sample = index
        return speed(at: time, between: piece[index], piece[index + 1], step: steps[pieceIndex][index])
    }

    /// The speed at `time` between two samples of a piece, with the step from one to the other.
    @inline(__always)
    private func speed(at time: Double, between before: TrajectorySample, _ after: TrajectorySample,
                       step: (speed: Double, course: Double)) -> Double {
        let fraction = (time - before.time) / (after.time - before.time)
        let exact = fraction <= 0 ? before : fraction >= 1 ? after : nil
        return exact?.speed ?? before.speed.flatMap { b in after.speed.map { b + ($0 - b) * fraction } } ?? step.speed
    }

    /// How many whole seconds from `start` before `end` have a position whose speed reaches
    /// `threshold`: what a goal's meter, walking the seconds with ``speed(at:cursor:)``, counts as
    /// moving. Between two samples without a recorded speed the speed is the step's all along,
    /// so such a stretch counts at once, whatever its length: `--explain` counts the rest of a
    /// candidate's trip so once nothing can change its coverage (issue 33).
    func movingSeconds(from start: Int, before end: Double, atLeast threshold: Double) -> Int {
        let from = Double(start)
        guard from < end else { return 0 }
        guard piecesInOrder else {
            // Pieces out of order: a second's piece is whichever the search finds; walk them.
            var cursor = TrajectoryCursor()
            var count = 0
            var second = start
            while Double(second) < end {
                if let speed = speed(at: Double(second), cursor: &cursor), speed >= threshold { count += 1 }
                second += 1
            }
            return count
        }
        var count = 0
        for (pieceIndex, piece) in pieces.enumerated() {
            let first = piece[0].time
            if piece[piece.count - 1].time < from { continue }
            if first >= end { break }
            if piece.count == 1 {
                if first >= from, first == first.rounded(), (piece[0].speed ?? 0) >= threshold { count += 1 }
                continue
            }
            let lastStart = piece.count - 2
            // A stretch holds the seconds from its first sample to its next (the last one both).
            var index = first < from ? Self.sampleBefore(from, in: piece, from: 0) : 0
            // Whole seconds of stretches without recorded speeds, as a Double: exact below 2⁵³,
            // and a few instructions a stretch on a 1 Hz track (issue 33).
            var counted = 0.0
            piece.withUnsafeBufferPointer { samples in
                steps[pieceIndex].withUnsafeBufferPointer { steps in
                    while index <= lastStart, samples[index].time < end {
                        let beforeTime = samples[index].time, afterTime = samples[index + 1].time
                        let holdsItsEnd = index == lastStart && afterTime < end
                        if samples[index].speed == nil, samples[index + 1].speed == nil {
                            if steps[index].speed >= threshold {
                                let low = max(beforeTime, from), high = min(afterTime, end)
                                counted += max(0, high.rounded(.up) - low.rounded(.up))
                                if holdsItsEnd, high == high.rounded() { counted += 1 }
                            }
                        } else {
                            let before = samples[index], after = samples[index + 1]
                            var second = Self.firstWholeSecond(atOrAfter: max(beforeTime, from))
                            while Double(second) < end, Double(second) < afterTime || (holdsItsEnd && Double(second) == afterTime) {
                                if speed(at: Double(second), between: before, after, step: steps[index]) >= threshold { count += 1 }
                                second += 1
                            }
                        }
                        index += 1
                    }
                }
            }
            count += Int(min(counted, 9.0e15))
        }
        return count
    }

    /// How many whole seconds from 0 before the trip's end have a position whose speed reaches
    /// `threshold`: ``movingSeconds(from:before:atLeast:)`` from 0 before ``endTime``, counted once
    /// per speed for this trajectory and its copies. A goal's meter that counted its seconds so
    /// far takes the rest of the trip as this less its own count: two look-ups a candidate.
    func movingSecondsOfTrip(atLeast threshold: Double) -> Int {
        if let known = tripMovingSeconds.count(atLeast: threshold) { return known }
        let count = movingSeconds(from: 0, before: endTime, atLeast: threshold)
        tripMovingSeconds.remember(count, atLeast: threshold)
        return count
    }

    /// The first whole second at or after `time`, held within ±2⁵³ (beyond, seconds are not
    /// told apart: a run so long is not walked a second at a time either).
    private static func firstWholeSecond(atOrAfter time: Double) -> Int {
        Int(max(-9.0e15, min(9.0e15, time.rounded(.up))))
    }

    /// The time of the first sample of the first piece that starts after `time`: when a position
    /// is known again after a signal gap (or before the trip); `nil` when none follows.
    public func nextPieceStart(after time: Double) -> Double? {
        var low = 0
        var high = pieces.count
        while low < high {
            let middle = (low + high) / 2
            if pieces[middle].first!.time > time { high = middle } else { low = middle + 1 }
        }
        return low < pieces.count ? pieces[low].first!.time : nil
    }

    /// The last sample at or before `time` (at most the last but one) in a piece of two or more
    /// that holds `time`: a few steps on from `start`, or else a binary search.
    private static func sampleBefore(_ time: Double, in piece: [TrajectorySample], from start: Int) -> Int {
        let lastStart = piece.count - 2
        var index = min(start, lastStart)
        if piece[index].time <= time {
            for _ in 0..<4 {
                guard index < lastStart, piece[index + 1].time <= time else { return index }
                index += 1
            }
            if index == lastStart || piece[index + 1].time > time { return index }
        }
        var low = 0
        var high = piece.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if piece[middle].time <= time { low = middle } else { high = middle - 1 }
        }
        return min(low, lastStart)
    }

    /// The index of the piece whose time span holds `time`.
    private func piece(containing time: Double) -> Int? {
        var low = 0
        var high = pieces.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let piece = pieces[middle]
            if time < piece.first!.time {
                high = middle - 1
            } else if time > piece.last!.time {
                low = middle + 1
            } else {
                return middle
            }
        }
        return nil
    }

    /// The point a fraction of the way along the great circle from `a` to `b`.
    static func interpolate(_ a: GeoCoordinate, _ b: GeoCoordinate, _ fraction: Double) -> GeoCoordinate {
        if fraction <= 0 || a == b { return a }
        if fraction >= 1 { return b }
        let φ1 = a.latitude * .pi / 180, λ1 = a.longitude * .pi / 180
        let φ2 = b.latitude * .pi / 180, λ2 = b.longitude * .pi / 180
        let x1 = cos(φ1) * cos(λ1), y1 = cos(φ1) * sin(λ1), z1 = sin(φ1)
        let x2 = cos(φ2) * cos(λ2), y2 = cos(φ2) * sin(λ2), z2 = sin(φ2)
        let angle = acos(max(-1, min(1, x1 * x2 + y1 * y2 + z1 * z2)))
        guard angle > 1e-12 else { return a }
        let wa = sin((1 - fraction) * angle) / sin(angle)
        let wb = sin(fraction * angle) / sin(angle)
        let x = wa * x1 + wb * x2, y = wa * y1 + wb * y2, z = wa * z1 + wb * z2
        return GeoCoordinate(latitude: atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi, longitude: atan2(y, x) * 180 / .pi)
    }
}

/// Counts of a trajectory's moving seconds already made, by speed, shared by its copies (a
/// trajectory never changes once made). Flat: at most ``capacity`` speeds, the oldest dropped.
final class MovingSecondsMemo: @unchecked Sendable {
    /// Speeds kept: one a location goal, and a run seldom has more than one.
    static let capacity = 4
    /// Guards `counts`: copies of a trajectory may be read on several threads (matrix runs).
    private let lock = NSLock()
    private var counts: [(threshold: Double, count: Int)] = []

    func count(atLeast threshold: Double) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        return counts.first { $0.threshold == threshold }?.count
    }

    func remember(_ count: Int, atLeast threshold: Double) {
        lock.lock()
        defer { lock.unlock() }
        if counts.count == Self.capacity { counts.removeFirst() }
        counts.append((threshold, count))
    }
}

/// Where a caller's last ``Trajectory/position(at:cursor:)`` landed: its piece and sample.
public struct TrajectoryCursor: Hashable, Sendable {
    var piece: Int
    var sample: Int

    /// A cursor at the start of the trip.
    public init() {
        self.init(piece: 0, sample: 0)
    }

    init(piece: Int, sample: Int) {
        self.piece = piece
        self.sample = sample
    }
}
