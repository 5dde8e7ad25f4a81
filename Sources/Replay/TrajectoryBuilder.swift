import Foundation
import Geodesy
import GPX
import Simulation

/// Turns what a GPX file describes into the ``Trajectory`` a simulation replays.
///
/// The path is the file's track points if it has any (each segment a piece; the gap between
/// segments is signal loss), else its route points (each route a piece), else its waypoints
/// (one piece, as Xcode plays them).
///
/// Times come from `<time>` where present, relative to the first. Untimed points between timed
/// ones get times by distance along the piece; a path without times moves at `untimedSpeed`, and
/// crossing from one piece to the next takes the time its distance takes at that speed.
/// Recorded speed and course (GPX 1.0 or Garmin's extension) are kept; the trajectory derives
/// them where absent.
public struct TrajectoryBuilder: Sendable {
    /// Metres per second for paths without times.
    public var untimedSpeed: Double

    /// Creates a builder.
    public init(untimedSpeed: Double = 13.9) {
        precondition(untimedSpeed > 0, "untimedSpeed must be positive")
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
    }

    /// Builds the trajectory of a document; `nil` when it has no points at all.
    public func trajectory(from document: GPXDocument) -> Outcome? {
        let trackPieces = document.tracks.flatMap(\.segments).map(\.points).filter { !$0.isEmpty }
        let routePieces = document.routes.map(\.points).filter { !$0.isEmpty }
        let (pieces, source): ([[GPXPoint]], String) =
            !trackPieces.isEmpty ? (trackPieces, "track points")
            : !routePieces.isEmpty ? (routePieces, "route points")
            : !document.waypoints.isEmpty ? ([document.waypoints], "waypoints") : ([], "")
        guard !pieces.isEmpty else { return nil }

        let firstTime = pieces.lazy.flatMap { $0 }.compactMap(\.time).first
        let start = firstTime ?? document.metadata.time ?? GPXTime(secondsSince1970: 946_684_800)
        var samplesByPiece: [[TrajectorySample]] = []
        var previousEnd: (time: Double, coordinate: GeoCoordinate)?
        for piece in pieces {
            let times = pieceTimes(piece, start: start, after: previousEnd)
            let samples = zip(piece, times).map { point, time in
                TrajectorySample(
                    time: time, coordinate: GeoCoordinate(latitude: point.latitude, longitude: point.longitude),
                    altitude: point.elevation, speed: point.recordedSpeed, course: point.recordedCourse)
            }
            if let last = samples.last { previousEnd = (last.time, last.coordinate) }
            samplesByPiece.append(samples)
        }
        let trajectory = Trajectory(pieces: samplesByPiece, startDate: start.date)
        let total = pieces.reduce(0) { $0 + $1.count }
        return Outcome(trajectory: trajectory, source: source, timed: firstTime != nil, droppedPoints: total - trajectory.sampleCount)
    }

    /// Seconds from `start` for each point of a piece.
    private func pieceTimes(_ piece: [GPXPoint], start: GPXTime, after previous: (time: Double, coordinate: GeoCoordinate)?) -> [Double] {
        let coordinates = piece.map { GeoCoordinate(latitude: $0.latitude, longitude: $0.longitude) }
        var along = [0.0]
        for (a, b) in zip(coordinates, coordinates.dropFirst()) { along.append(along.last! + Geodesy.distance(from: a, to: b)) }
        var times = piece.map { $0.time.map { $0.seconds(since: start) } }
        let known = times.indices.filter { times[$0] != nil }
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
