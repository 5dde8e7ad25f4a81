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
        try Self.document(from: GPXStreamReader(contentsOf: path, options: options), keepingWarnings: options.maximumStoredWarnings)
    }

    /// Reads a file, telling `progress` the bytes read so far after each chunk.
    public func read(contentsOf path: String, progress: (_ bytesRead: Int) -> Void) throws(GPXReadError) -> GPXDocument {
        let stream = try GPXStreamReader(contentsOf: path, options: options)
        var reported = 0
        return try Self.document(from: stream, keepingWarnings: options.maximumStoredWarnings) {
            if stream.bytesRead != reported {
                reported = stream.bytesRead
                progress(reported)
            }
        }
    }

    /// Reads a document held in memory; `name` stands for the file in messages.
    public func read(bytes: [UInt8], name: String = "<memory>") throws(GPXReadError) -> GPXDocument {
        try Self.document(from: GPXStreamReader(bytes: bytes, name: name, options: options), keepingWarnings: options.maximumStoredWarnings)
    }

    private static func document(
        from stream: GPXStreamReader, keepingWarnings maximumWarnings: Int, afterEvent: () -> Void = {}
    ) throws(GPXReadError) -> GPXDocument {
        var document = GPXDocument()
        // Points go straight into their arrays: one copy each, not an event's and then the array's.
        try stream.readAll({ event in
            document.add(event, keepingWarnings: maximumWarnings)
            afterEvent()
            return true
        }, points: { kind, point in
            document.add(kind, point)
            afterEvent()
            return true
        })
        return document
    }
}

extension GPXDocument {
    /// Adds one streamed event; the document grows as the file is read.
    fileprivate mutating func add(_ event: GPXEvent, keepingWarnings maximumWarnings: Int) {
        switch event {
        case .header(let version, let creator):
            self.version = version
            self.creator = creator
        case .metadata(let metadata):
            self.metadata = metadata
        case .waypoint(let point):
            add(.waypoint, point)
        case .routeStart(let info):
            routes.append(GPXRoute(info: info))
        case .routePoint(let point):
            add(.routePoint, point)
        case .routeEnd(let info):
            routes[routes.count - 1].info = info
        case .trackStart(let info):
            tracks.append(GPXTrack(info: info))
        case .segmentStart:
            tracks[tracks.count - 1].segments.append(GPXTrackSegment())
        case .trackPoint(let point):
            add(.trackPoint, point)
        case .segmentEnd:
            break
        case .trackEnd(let info):
            tracks[tracks.count - 1].info = info
        case .warning(let warning):
            // A million bad points must not mean a million stored messages.
            if warnings.count < maximumWarnings {
                warnings.append(warning)
            } else {
                suppressedWarningCount += 1
            }
        }
    }

    /// Adds one point to the waypoints, the current route or the current segment.
    fileprivate mutating func add(_ kind: GPXPointKind, _ point: borrowing GPXPoint) {
        switch kind {
        case .waypoint:
            waypoints.append(copy point)
        case .routePoint:
            routes[routes.count - 1].points.append(copy point)
        case .trackPoint:
            let track = tracks.count - 1
            tracks[track].segments[tracks[track].segments.count - 1].points.append(copy point)
        }
    }
}
