/// One step of a streamed GPX file, in document order: what ``GPXStreamReader/next()`` returns.
///
/// A file yields `.header` first, then `.metadata` once (before the first waypoint, route or
/// track, or at the end), then its waypoints, routes and tracks as they come. Route and track
/// starts carry the descriptive fields read so far; their ends carry all of them.
public enum GPXEvent: Hashable, Sendable {
    /// The `<gpx>` root: version (from the attribute, else the namespace) and creator.
    case header(version: String?, creator: String?)
    /// The file's metadata.
    case metadata(GPXMetadata)
    /// A `<wpt>`.
    case waypoint(GPXPoint)
    /// A `<rte>` begins.
    case routeStart(GPXPathInfo)
    /// A `<rtept>` of the current route.
    case routePoint(GPXPoint)
    /// The current `<rte>` ends.
    case routeEnd(GPXPathInfo)
    /// A `<trk>` begins.
    case trackStart(GPXPathInfo)
    /// A `<trkseg>` of the current track begins.
    case segmentStart
    /// A `<trkpt>` of the current segment.
    case trackPoint(GPXPoint)
    /// The current `<trkseg>` ends.
    case segmentEnd
    /// The current `<trk>` ends.
    case trackEnd(GPXPathInfo)
    /// Something passed over: in a lenient read, each skipped point.
    case warning(GPXWarning)
}
