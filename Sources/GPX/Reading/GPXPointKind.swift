/// Which element a point came from: `<wpt>`, `<rtept>` or `<trkpt>`.
public enum GPXPointKind: UInt8, Hashable, Sendable {
    /// A `<wpt>`.
    case waypoint
    /// A `<rtept>` of the current route.
    case routePoint
    /// A `<trkpt>` of the current segment.
    case trackPoint
}
