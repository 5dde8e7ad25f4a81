/// A whole GPX file in memory: what ``GPXReader/read(contentsOf:)`` returns.
///
/// For files too large to hold, read them point by point with ``GPXStreamReader`` instead.
public struct GPXDocument: Hashable, Sendable {
    /// The `version` attribute of `<gpx>`, or the version its namespace implies when the attribute is missing.
    public var version: String?
    /// The `creator` attribute of `<gpx>`: the program that wrote the file.
    public var creator: String?
    /// Name, time, bounds and the rest of the file's metadata.
    public var metadata: GPXMetadata
    /// The `<wpt>` elements.
    public var waypoints: [GPXPoint]
    /// The `<rte>` elements.
    public var routes: [GPXRoute]
    /// The `<trk>` elements.
    public var tracks: [GPXTrack]
    /// What a lenient read skipped, and other things worth knowing; empty for a clean file.
    /// Holds at most ``GPXReadOptions/maximumStoredWarnings``; the rest are counted in ``suppressedWarningCount``.
    public var warnings: [GPXWarning]
    /// Warnings the read counted but did not keep (beyond ``GPXReadOptions/maximumStoredWarnings``).
    public var suppressedWarningCount: Int
    /// All warnings of the read: those kept and those only counted.
    public var warningCount: Int { warnings.count + suppressedWarningCount }

    /// Creates a document.
    public init(
        version: String? = nil, creator: String? = nil, metadata: GPXMetadata = GPXMetadata(),
        waypoints: [GPXPoint] = [], routes: [GPXRoute] = [], tracks: [GPXTrack] = [],
        warnings: [GPXWarning] = [], suppressedWarningCount: Int = 0
    ) {
        self.version = version
        self.creator = creator
        self.metadata = metadata
        self.waypoints = waypoints
        self.routes = routes
        self.tracks = tracks
        self.warnings = warnings
        self.suppressedWarningCount = suppressedWarningCount
    }
}
