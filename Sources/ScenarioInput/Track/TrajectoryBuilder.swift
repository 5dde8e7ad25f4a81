import Foundation
import GPX
import Geodesy
import Simulation

/// Turns what a GPX file describes into the ``Trajectory`` a simulation replays.
///
/// The path is the file's track points if it has any (each segment a piece; the gap between
/// segments is signal loss), else its route points (each route a piece), else its waypoints
/// (one piece, as Xcode plays them).
///
/// Times come from `<time>` where present, relative to the earliest piece's first time. Untimed
/// points between timed ones get times by distance along the piece; a path without times moves at
/// `untimedSpeed`, and crossing from one piece to the next takes the time its distance takes at
/// that speed. A point whose time is not after every earlier time of its piece is skipped, not
/// sorted into place: such points are a logger's repeated sample or clock jump, and sorting them
/// would zigzag the path between places; the outcome counts them and, for a file read as a
/// stream, names the first one's `<time>`. Pieces stored out of time order are put in order (and the outcome says so); pieces
/// that overlap in time, and paths longer than `SimLimits.maximumSeconds`, are refused.
/// Recorded speed and course (GPX 1.0 or Garmin's extension) are kept; a recorded speed that is
/// negative or faster than light is dropped (the point stays). The trajectory derives speed and
/// course where absent.
public struct TrajectoryBuilder: Sendable {
    /// Metres per second for paths without times; must lie in `SimLimits.speeds`.
    public var untimedSpeed: Double

    /// Creates a builder. An `untimedSpeed` outside `SimLimits.speeds` makes ``build(from:)`` throw.
    public init(untimedSpeed: Double = 13.9) {
        self.untimedSpeed = untimedSpeed
    }

    /// What the trajectory was built from, for reports.
    public struct Outcome: Sendable {
        public var trajectory: Trajectory
        /// "track points", "route points" or "waypoints".
        public var source: String
        /// Whether times came from the file (else from `untimedSpeed`).
        public var timed: Bool
        /// Points dropped because their time went backwards or repeated.
        public var droppedPoints: Int
        /// Where the `<time>` of the first point in file order whose time was not after every
        /// earlier time of its piece starts; `nil` when none was, or the build had no file.
        public var firstUnorderedTime: GPXSourcePosition? = nil
        /// Whether the pieces (segments or routes) were stored out of time order and were put in order.
        public var reorderedPieces: Bool
        /// Recorded speeds dropped because they were negative or above `SimLimits.speeds`; their points were kept.
        public var droppedSpeeds: Int
        /// What a report should tell about the above, in words; empty when all was in order.
        public var warnings: [String]
    }

    /// Why a document cannot be replayed.
    public struct BuildError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The broad reason.
        public enum Kind: Hashable, Sendable {
            /// The document has no waypoint, route point or track point.
            case noPoints
            /// `untimedSpeed` is outside `SimLimits.speeds`.
            case invalidUntimedSpeed
            /// Two pieces (segments or routes) cover the same span of time.
            case overlappingPieces
            /// The path would last longer than `SimLimits.maximumSeconds`.
            case tooLong
        }

        /// The broad reason.
        public var kind: Kind
        /// What is wrong, in words.
        public var message: String

        /// The message.
        public var description: String { message }
    }

    /// Builds the trajectory of a document; `nil` when it has no points or cannot be replayed
    /// (``build(from:)`` says why).
    public func trajectory(from document: GPXDocument) -> Outcome? {
        try? build(from: document)
    }

    /// Builds the trajectory of a document.
    /// - Throws: ``BuildError`` when there is nothing to replay, or the path cannot be replayed.
    public func build(from document: GPXDocument) throws(BuildError) -> Outcome {
        var paths = PathPoints()
        paths.tracks = document.tracks.flatMap(\.segments).map { $0.points.map(PathPoint.init) }
        paths.routes = document.routes.map { $0.points.map(PathPoint.init) }
        paths.waypoints = document.waypoints.map(PathPoint.init)
        paths.metadataTime = document.metadata.time
        return try build(from: paths)
    }

    /// What went wrong reading a file into a trajectory.
    public enum ReadError: Error, Sendable {
        /// The file could not be read or is not valid GPX.
        case read(GPXReadError)
        /// The path in it cannot be replayed.
        case build(BuildError)
    }

    /// What ``build(contentsOf:options:progress:)`` found: the trajectory, and the file's warnings.
    public struct FileOutcome: Sendable {
        public var outcome: Outcome
        /// The first ``GPXReadOptions/maximumStoredWarnings`` warnings of a lenient read.
        public var warnings: [GPXWarning]
        /// How many more there were.
        public var suppressedWarningCount: Int
    }

    /// Reads a file as a stream and builds its trajectory, keeping only what a trajectory needs
    /// of each point: a long track's `GPXDocument` would hold every field of every point.
    /// `progress` hears the bytes read so far.
    public func build(
        contentsOf path: String, options: GPXReadOptions = GPXReadOptions(), progress: ((Int) -> Void)? = nil
    ) throws(ReadError) -> FileOutcome {
        var paths = PathPoints()
        var warnings: [GPXWarning] = []
        var suppressed = 0
        let stream: GPXStreamReader
        do { stream = try GPXStreamReader(contentsOf: path, options: options) } catch { throw .read(error) }
        var reported = 0
        // The latest time of the current piece of each kind, to find the first point out of order.
        var latest: (waypoint: GPXTime?, route: GPXTime?, track: GPXTime?)
        func note(_ time: GPXTime?, _ latest: inout GPXTime?, _ first: inout GPXSourcePosition?) {
            guard let time else { return }
            if let before = latest, time <= before {
                if first == nil { first = stream.timePositionOfCurrentPoint }
            } else {
                latest = time
            }
        }
        do {
            func reportProgress() {
                if let progress, stream.bytesRead != reported {
                    reported = stream.bytesRead
                    progress(reported)
                }
            }
            // Points are taken in place (no `GPXEvent` made for each, nor a copy of its every field).
            try stream.forEachEvent({ event in
                switch event {
                case .metadata(let metadata): paths.metadataTime = metadata.time
                case .routeStart:
                    paths.routes.append([])
                    latest.route = nil
                case .segmentStart:
                    paths.tracks.append([])
                    latest.track = nil
                case .warning(let warning):
                    if warnings.count < options.maximumStoredWarnings { warnings.append(warning) } else { suppressed += 1 }
                default: break
                }
                reportProgress()
            }, point: { kind, point in
                switch kind {
                case .waypoint:
                    paths.waypoints.append(PathPoint(point))
                    note(point.time, &latest.waypoint, &paths.firstUnordered.waypoint)
                case .routePoint:
                    paths.routes[paths.routes.count - 1].append(PathPoint(point))
                    note(point.time, &latest.route, &paths.firstUnordered.route)
                case .trackPoint:
                    paths.tracks[paths.tracks.count - 1].append(PathPoint(point))
                    note(point.time, &latest.track, &paths.firstUnordered.track)
                }
                reportProgress()
            })
        } catch let error as GPXReadError {
            throw .read(error)
        } catch {
            // The body throws nothing of its own: only the reader's errors come here.
            throw .read(GPXReadError(kind: .unreadable, file: path, position: nil, message: "\(error)"))
        }
        // The points move into the build, which lets each piece go once its samples are made.
        let document = paths
        paths = PathPoints()
        do {
            return FileOutcome(outcome: try build(from: document), warnings: warnings, suppressedWarningCount: suppressed)
        } catch {
            throw .build(error)
        }
    }

    /// The pieces to replay (track segments, else routes, else the waypoints) moved out of
    /// `document`, so that they are their points' only owner.
    private static func takePieces(
        _ document: inout PathPoints
    ) -> (pieces: [[PathPoint]], source: String, pieceName: String, firstUnordered: GPXSourcePosition?) {
        defer { document = PathPoints(metadataTime: document.metadataTime) }
        let trackPieces = document.tracks.filter { !$0.isEmpty }
        if !trackPieces.isEmpty { return (trackPieces, "track points", "segment", document.firstUnordered.track) }
        let routePieces = document.routes.filter { !$0.isEmpty }
        if !routePieces.isEmpty { return (routePieces, "route points", "route", document.firstUnordered.route) }
        return document.waypoints.isEmpty
            ? ([], "", "", nil) : ([document.waypoints], "waypoints", "piece", document.firstUnordered.waypoint)
    }

    private func build(from document: consuming PathPoints) throws(BuildError) -> Outcome {
        guard SimLimits.speeds.contains(untimedSpeed) else {
            throw BuildError(kind: .invalidUntimedSpeed, message: "the untimed speed \(untimedSpeed) m/s is not above 0 and at most \(SimLimits.speeds.upperBound) m/s")
        }
        var (pieces, source, pieceName, firstUnordered) = Self.takePieces(&document)
        guard !pieces.isEmpty else {
            throw BuildError(kind: .noPoints, message: "the file has no waypoint, route point or track point to replay")
        }

        // The earliest piece start, so that pieces stored out of order still start at 0.
        let firstTimes = pieces.compactMap { $0.lazy.compactMap(\.time).first }
        let firstTime = firstTimes.min()
        let start = firstTime ?? document.metadataTime ?? GPXTime(secondsSince1970: 946_684_800)
        var samplesByPiece: [[TrajectorySample]] = []
        var previousEnd: (time: Double, coordinate: GeoCoordinate)?
        var droppedSpeeds = 0
        let total = pieces.reduce(0) { $0 + $1.count }
        for index in pieces.indices {
            // Each piece's points go as soon as its samples are made: a year's track holds one copy at a time.
            let piece = pieces[index]
            pieces[index] = []
            let times = pieceTimes(piece, start: start, after: previousEnd)
            try checkSpan(times, timed: firstTime != nil, source: source)
            let samples = zip(piece, times).map { point, time in
                var speed = point.recordedSpeed
                // Zero is a recorded standstill; negative or faster than light is garbage.
                if let recorded = speed, recorded != 0, !SimLimits.speeds.contains(recorded) {
                    speed = nil
                    droppedSpeeds += 1
                }
                return TrajectorySample(
                    time: time, coordinate: GeoCoordinate(latitude: point.latitude, longitude: point.longitude),
                    altitude: point.elevation, speed: speed, course: point.recordedCourse)
            }
            if let last = samples.last { previousEnd = (last.time, last.coordinate) }
            samplesByPiece.append(samples)
        }

        var warnings: [String] = []
        // Trajectory needs pieces in time order; a piece spans from its first sample to its latest time.
        var numbered = samplesByPiece.enumerated().map { (number: $0.offset + 1, samples: $0.element) }
        let reordered = zip(numbered, numbered.dropFirst()).contains { $1.samples[0].time < $0.samples[0].time }
        if reordered {
            numbered.sort { $0.samples[0].time < $1.samples[0].time }
            warnings.append("the \(pieceName)s are stored out of time order: replayed in time order (\(numbered.map { String($0.number) }.joined(separator: ", ")))")
        }
        for (before, after) in zip(numbered, numbered.dropFirst()) {
            let beforeEnd = before.samples.map(\.time).max()!
            if after.samples[0].time < beforeEnd {
                throw BuildError(kind: .overlappingPieces, message: "\(pieceName) \(after.number) (from \(describe(after.samples[0].time, start))) starts before \(pieceName) \(before.number) ends (\(describe(beforeEnd, start))): the \(pieceName)s overlap in time, so there is no single path to replay")
            }
        }
        // The extent in one pass, without an array of every time.
        var earliest = Double.infinity, latest = -Double.infinity
        for samples in samplesByPiece {
            for sample in samples {
                earliest = min(earliest, sample.time)
                latest = max(latest, sample.time)
            }
        }
        if latest - earliest > SimLimits.maximumSeconds {
            throw tooLong(latest - earliest, timed: firstTime != nil, source: source)
        }
        if droppedSpeeds > 0 {
            warnings.append("\(droppedSpeeds) recorded speed\(droppedSpeeds == 1 ? "" : "s") below 0 or above \(SimLimits.speeds.upperBound) m/s ignored (derived from the points instead)")
        }

        let trajectory = Trajectory(pieces: numbered.map(\.samples), startDate: start.date)
        let dropped = total - trajectory.sampleCount
        return Outcome(
            trajectory: trajectory, source: source, timed: firstTime != nil, droppedPoints: dropped,
            firstUnorderedTime: dropped > 0 ? firstUnordered : nil,
            reorderedPieces: reordered, droppedSpeeds: droppedSpeeds, warnings: warnings)
    }

    /// Refuses times a simulation cannot hold (beyond ±`SimLimits.maximumSeconds` from the start).
    private func checkSpan(_ times: [Double], timed: Bool, source: String) throws(BuildError) {
        for time in times where !(abs(time) <= SimLimits.maximumSeconds) {
            throw tooLong(abs(time), timed: timed, source: source)
        }
    }

    private func tooLong(_ seconds: Double, timed: Bool, source: String) -> BuildError {
        let years = seconds / (365.25 * 86_400)
        let limit = "a replay covers at most \(Int(SimLimits.maximumSeconds / (365.25 * 86_400))) years"
        let span = years.isFinite && years < 1e15 ? "\(Int(years.rounded())) years" : "longer than anything a clock can hold"
        let message = timed
            ? "the \(source) span \(span): \(limit)"
            : "at the untimed speed of \(untimedSpeed) m/s the path takes \(span): \(limit)"
        // Untimed, it is the speed that is wrong (an option), not the file.
        return BuildError(kind: timed ? .tooLong : .invalidUntimedSpeed, message: message)
    }

    /// A time of the path as the file would write it.
    private func describe(_ seconds: Double, _ start: GPXTime) -> String {
        let whole = seconds.rounded(.down)
        var time = start
        time.secondsSince1970 += Int64(whole)
        let nanoseconds = Int64(start.nanoseconds) + Int64(((seconds - whole) * 1e9).rounded())
        time.secondsSince1970 += nanoseconds / 1_000_000_000
        time.nanoseconds = Int32(nanoseconds % 1_000_000_000)
        return time.iso8601String
    }

    /// Seconds from `start` for each point of a piece.
    private func pieceTimes(_ piece: [PathPoint], start: GPXTime, after previous: (time: Double, coordinate: GeoCoordinate)?) -> [Double] {
        var times = piece.map { $0.time.map { $0.seconds(since: start) } }
        let known = times.indices.filter { times[$0] != nil }
        // Every point timed: none is placed by distance, so the distances (a geodesic each) are not needed.
        if !piece.isEmpty, known.count == piece.count { return times.map { $0! } }
        let coordinates = piece.map { GeoCoordinate(latitude: $0.latitude, longitude: $0.longitude) }
        var along = [0.0]
        for (a, b) in zip(coordinates, coordinates.dropFirst()) { along.append(along.last! + Geodesy.distance(from: a, to: b)) }
        guard let firstKnown = known.first, let lastKnown = known.last else {
            // No time in this piece: move at the configured speed, after the way from the previous piece.
            let offset = previous.map { $0.time + Geodesy.distance(from: $0.coordinate, to: coordinates[0]) / untimedSpeed } ?? 0
            return along.map { offset + $0 / untimedSpeed }
        }
        // Between two timed points, by distance; before the first and after the last, at the configured speed.
        for (a, b) in zip(known, known.dropFirst()) where b > a + 1 {
            let span = along[b] - along[a]
            for index in (a + 1)..<b {
                let fraction = span > 0 ? (along[index] - along[a]) / span : Double(index - a) / Double(b - a)
                times[index] = times[a]! + (times[b]! - times[a]!) * fraction
            }
        }
        for index in 0..<firstKnown { times[index] = times[firstKnown]! - (along[firstKnown] - along[index]) / untimedSpeed }
        for index in (lastKnown + 1)..<piece.count { times[index] = times[lastKnown]! + (along[index] - along[lastKnown]) / untimedSpeed }
        return times.map { $0! }
    }
}

/// What a trajectory needs of a point, without the other fields a `GPXPoint` holds; absent
/// numbers are NaN, so that a point takes 64 bytes.
struct PathPoint: Sendable {
    var latitude: Double
    var longitude: Double
    private var storedElevation: Double
    private var storedSpeed: Double
    private var storedCourse: Double
    var time: GPXTime?

    init(_ point: borrowing GPXPoint) {
        latitude = point.latitude
        longitude = point.longitude
        storedElevation = point.elevation ?? .nan
        storedSpeed = point.recordedSpeed ?? .nan
        storedCourse = point.recordedCourse ?? .nan
        time = point.time
    }

    var elevation: Double? { storedElevation.isNaN ? nil : storedElevation }
    var recordedSpeed: Double? { storedSpeed.isNaN ? nil : storedSpeed }
    var recordedCourse: Double? { storedCourse.isNaN ? nil : storedCourse }
}

/// The paths of a file, as a trajectory needs them.
struct PathPoints: Sendable {
    var tracks: [[PathPoint]] = []
    var routes: [[PathPoint]] = []
    var waypoints: [PathPoint] = []
    var metadataTime: GPXTime?
    /// Where the first point of each kind whose time is not after its piece's earlier times has its `<time>`.
    var firstUnordered: (waypoint: GPXSourcePosition?, route: GPXSourcePosition?, track: GPXSourcePosition?) = (nil, nil, nil)
}
