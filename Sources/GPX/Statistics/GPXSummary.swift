/// What `keepalive inspect` reports about a file: counts, and the statistics of the path it describes.
///
/// The *path* is what a replay follows: the track points if the file has any, else the route
/// points, else the waypoints (as in Xcode's location files). `timedPoints`, start, end,
/// duration, distance and bounds all describe that path. Build one from a stream with
/// ``GPXSummary/init(reading:)`` (flat memory) or from a document with ``GPXSummary/init(document:)``.
public struct GPXSummary: Hashable, Sendable {
    /// Which kind of points the path statistics describe.
    public enum PathSource: String, Hashable, Sendable {
        case tracks, routes, waypoints, none
    }

    public var version: String?
    public var creator: String?
    public var waypointCount = 0
    public var routeCount = 0
    public var routePointCount = 0
    public var trackCount = 0
    public var segmentCount = 0
    public var trackPointCount = 0
    /// The first warnings (at most ``GPXReadOptions/maximumStoredWarnings``).
    public var warnings: [GPXWarning] = []
    /// Warnings counted but not kept in ``warnings``; a report can say "and N more".
    public var suppressedWarningCount = 0
    /// All warnings: those kept and those only counted.
    public var warningCount: Int { warnings.count + suppressedWarningCount }
    private var maximumStoredWarnings = GPXReadOptions().maximumStoredWarnings

    private var waypointStatistics = GPXPathStatistics()
    private var routeStatistics = GPXPathStatistics()
    private var trackStatistics = GPXPathStatistics()

    /// Which points ``path`` describes.
    public var pathSource: PathSource {
        if trackPointCount > 0 { return .tracks }
        if routePointCount > 0 { return .routes }
        if waypointCount > 0 { return .waypoints }
        return .none
    }

    /// Statistics of the path the file describes (see the type's documentation).
    public var path: GPXPathStatistics {
        switch pathSource {
        case .tracks: trackStatistics
        case .routes: routeStatistics
        case .waypoints: waypointStatistics
        case .none: GPXPathStatistics()
        }
    }

    /// Summarises a file as it streams by.
    public init(reading stream: GPXStreamReader) throws(GPXReadError) {
        maximumStoredWarnings = stream.options.maximumStoredWarnings
        // Points are taken in place: no `GPXEvent` is made for them, nor a copy.
        try stream.readAll({ event in
            consume(event)
            return true
        }, points: { kind, point in
            add(kind, point, timePosition: { stream.timePositionOfCurrentPoint })
            return true
        })
    }

    /// Summarises a document in memory; equal to the summary of streaming the same file.
    public init(document: GPXDocument) {
        consume(.header(version: document.version, creator: document.creator))
        document.waypoints.forEach { add(.waypoint, $0, timePosition: { nil }) }
        for route in document.routes {
            consume(.routeStart(route.info))
            route.points.forEach { add(.routePoint, $0, timePosition: { nil }) }
        }
        for track in document.tracks {
            consume(.trackStart(track.info))
            for segment in track.segments {
                consume(.segmentStart)
                segment.points.forEach { add(.trackPoint, $0, timePosition: { nil }) }
            }
        }
        warnings = document.warnings
        suppressedWarningCount = document.suppressedWarningCount
    }

    private mutating func consume(_ event: GPXEvent) {
        switch event {
        case .header(let version, let creator):
            self.version = version
            self.creator = creator
        case .waypoint(let point):
            add(.waypoint, point, timePosition: { nil })
        case .routeStart:
            routeCount += 1
            routeStatistics.startPiece()
        case .routePoint(let point):
            add(.routePoint, point, timePosition: { nil })
        case .trackStart:
            trackCount += 1
        case .segmentStart:
            segmentCount += 1
            trackStatistics.startPiece()
        case .trackPoint(let point):
            add(.trackPoint, point, timePosition: { nil })
        case .warning(let warning):
            if warnings.count < maximumStoredWarnings {
                warnings.append(warning)
            } else {
                suppressedWarningCount += 1
            }
        case .metadata, .routeEnd, .segmentEnd, .trackEnd:
            break
        }
    }

    private mutating func add(_ kind: GPXPointKind, _ point: borrowing GPXPoint, timePosition: () -> GPXSourcePosition?) {
        switch kind {
        case .waypoint:
            waypointCount += 1
            waypointStatistics.add(point, timePosition: timePosition)
        case .routePoint:
            routePointCount += 1
            routeStatistics.add(point, timePosition: timePosition)
        case .trackPoint:
            trackPointCount += 1
            trackStatistics.add(point, timePosition: timePosition)
        }
    }
}
