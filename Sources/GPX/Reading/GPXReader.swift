/// Reads whole GPX files into a ``GPXDocument``.
///
/// ```swift
/// let document = try GPXReader().read(contentsOf: "commute.gpx")
/// print(document.tracks.first?.pointCount ?? 0)
///
/// // Skip invalid points instead of failing, and see what was skipped:
/// let lenient = try GPXReader(options: GPXReadOptions(isLenient: true)).read(contentsOf: "opentracks.gpx")
/// lenient.warnings.forEach { print($0) }
/// ```
///
/// It is built on ``GPXStreamReader``; use that directly for files too large to hold.
public struct GPXReader: Sendable {
    /// Strictness, chunk size and expat's protection limits.
    public var options: GPXReadOptions

    /// Creates a reader.
    public init(options: GPXReadOptions = GPXReadOptions()) {
        self.options = options
    }

    /// Reads a file.
    public func read(contentsOf path: String) throws(GPXReadError) -> GPXDocument {
        try Self.document(from: GPXStreamReader(contentsOf: path, options: options))
    }

    /// Reads a document held in memory; `name` stands for the file in messages.
    public func read(bytes: [UInt8], name: String = "<memory>") throws(GPXReadError) -> GPXDocument {
        try Self.document(from: GPXStreamReader(bytes: bytes, name: name, options: options))
    }

    private static func document(from stream: GPXStreamReader) throws(GPXReadError) -> GPXDocument {
        var document = GPXDocument()
        while let event = try stream.next() {
            switch event {
            case .header(let version, let creator):
                document.version = version
                document.creator = creator
            case .metadata(let metadata):
                document.metadata = metadata
            case .waypoint(let point):
                document.waypoints.append(point)
            case .routeStart(let info):
                document.routes.append(GPXRoute(info: info))
            case .routePoint(let point):
                document.routes[document.routes.count - 1].points.append(point)
            case .routeEnd(let info):
                document.routes[document.routes.count - 1].info = info
            case .trackStart(let info):
                document.tracks.append(GPXTrack(info: info))
            case .segmentStart:
                document.tracks[document.tracks.count - 1].segments.append(GPXTrackSegment())
            case .trackPoint(let point):
                let track = document.tracks.count - 1
                document.tracks[track].segments[document.tracks[track].segments.count - 1].points.append(point)
            case .segmentEnd:
                break
            case .trackEnd(let info):
                document.tracks[document.tracks.count - 1].info = info
            case .warning(let warning):
                document.warnings.append(warning)
            }
        }
        return document
    }
}
