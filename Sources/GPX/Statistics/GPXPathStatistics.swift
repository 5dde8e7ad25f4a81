import Geodesy

/// Distance, time span and extent of a sequence of points, built up one point at a time so that a
/// streamed file can be measured without holding it.
///
/// Distance is the sum of WGS-84 geodesic distances (``Geodesy/distance(from:to:)``, Vincenty)
/// between consecutive points of one piece; the gap between pieces (track segments) is not
/// counted, since nothing is known of the way between them.
///
/// ```swift
/// var statistics = GPXPathStatistics()
/// for segment in track.segments {
///     statistics.startPiece()
///     segment.points.forEach { statistics.add($0) }
/// }
/// print(statistics.distanceMeters)
/// ```
public struct GPXPathStatistics: Hashable, Sendable {
    /// Points added.
    public private(set) var pointCount = 0
    /// Points that carried a `<time>`.
    public private(set) var timedPointCount = 0
    /// Points whose time had no zone and was read as UTC.
    public private(set) var zonelessTimeCount = 0
    /// The earliest time among the points.
    public private(set) var start: GPXTime?
    /// The latest time among the points.
    public private(set) var end: GPXTime?
    /// Metres along the points, piece by piece.
    public private(set) var distanceMeters = 0.0
    /// The box around the points; `nil` when there are none.
    public private(set) var bounds: GPXBounds?
    /// Timed points whose time is not after every earlier time of their piece: out of time order, or repeated.
    public private(set) var unorderedTimeCount = 0
    /// Where the first of those has its `<time>`, when the points came from a stream
    /// (``GPXSummary/init(reading:)``). A fact of the source, not of the path: equality and
    /// hashing leave it out, so a streamed file's statistics equal its document's.
    public private(set) var firstUnorderedTime: GPXSourcePosition? {
        get { sourcePosition.value }
        set { sourcePosition.value = newValue }
    }
    private var sourcePosition = IgnoredInEquality<GPXSourcePosition>()

    private var previous: GeoCoordinate?
    /// The latest time of the current piece.
    private var pieceLatest: GPXTime?

    /// Creates empty statistics.
    public init() {}

    /// Points without a `<time>`.
    public var untimedPointCount: Int { pointCount - timedPointCount }

    /// Seconds from the earliest to the latest time; `nil` without timed points.
    public var durationSeconds: Double? {
        guard let start, let end else { return nil }
        return end.seconds(since: start)
    }

    /// Begins a new piece: the next point is not joined to the one before.
    public mutating func startPiece() {
        previous = nil
        pieceLatest = nil
    }

    /// Adds the next point of the current piece.
    public mutating func add(_ point: GPXPoint) {
        add(point, timePosition: { nil })
    }

    /// Adds the next point of the current piece; `timePosition` says where its `<time>` is, and
    /// is asked only for the first point out of time order.
    mutating func add(_ point: borrowing GPXPoint, timePosition: () -> GPXSourcePosition?) {
        pointCount += 1
        let coordinate = GeoCoordinate(latitude: point.latitude, longitude: point.longitude)
        if let previous { distanceMeters += Geodesy.distance(from: previous, to: coordinate) }
        previous = coordinate
        if bounds == nil {
            bounds = GPXBounds(latitude: point.latitude, longitude: point.longitude)
        } else {
            bounds!.include(latitude: point.latitude, longitude: point.longitude)
        }
        if let time = point.time {
            timedPointCount += 1
            if !time.hasTimeZone { zonelessTimeCount += 1 }
            if start.map({ time < $0 }) ?? true { start = time }
            if end.map({ time > $0 }) ?? true { end = time }
            if let latest = pieceLatest, time <= latest {
                if unorderedTimeCount == 0 { firstUnorderedTime = timePosition() }
                unorderedTimeCount += 1
            } else {
                pieceLatest = time
            }
        }
    }
}

extension GPXTrack {
    /// Distance (segment by segment), time span, timed and untimed points, and extent of this track.
    public var statistics: GPXPathStatistics {
        var statistics = GPXPathStatistics()
        for segment in segments {
            statistics.startPiece()
            segment.points.forEach { statistics.add($0) }
        }
        return statistics
    }
}

extension GPXRoute {
    /// Distance, time span, timed and untimed points, and extent of this route.
    public var statistics: GPXPathStatistics {
        var statistics = GPXPathStatistics()
        points.forEach { statistics.add($0) }
        return statistics
    }
}

/// A value that equality and hashing do not look at.
struct IgnoredInEquality<Value: Sendable>: Hashable, Sendable {
    var value: Value?

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
