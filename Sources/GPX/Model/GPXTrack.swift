/// A `<trk>`: a recorded path made of segments.
public struct GPXTrack: Hashable, Sendable {
    /// Name, description and the other descriptive fields.
    public var info: GPXPathInfo
    /// The `<trkseg>` elements in file order; empty segments are kept.
    public var segments: [GPXTrackSegment]

    /// Creates a track.
    public init(info: GPXPathInfo = GPXPathInfo(), segments: [GPXTrackSegment] = []) {
        self.info = info
        self.segments = segments
    }

    /// Number of points over all segments.
    public var pointCount: Int { segments.reduce(0) { $0 + $1.points.count } }
}

/// A `<trkseg>`: points recorded without interruption. The gap between two segments is a loss of signal
/// or a pause in recording.
public struct GPXTrackSegment: Hashable, Sendable {
    /// The `<trkpt>` elements, in file order.
    public var points: [GPXPoint]

    /// Creates a segment.
    public init(points: [GPXPoint] = []) {
        self.points = points
    }
}
