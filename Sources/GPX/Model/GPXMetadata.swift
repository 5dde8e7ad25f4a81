/// What a file says about itself: GPX 1.1 `<metadata>`, or the same fields directly under `<gpx>` in GPX 1.0.
public struct GPXMetadata: Hashable, Sendable {
    /// `<name>`.
    public var name: String?
    /// `<desc>`.
    public var description: String?
    /// The author's name: `<author><name>` in 1.1, `<author>` in 1.0.
    public var author: String?
    /// `<time>`: when the file was created.
    public var time: GPXTime?
    /// `<keywords>`.
    public var keywords: String?
    /// `<bounds>` as the file declares it (not checked against the points).
    public var bounds: GPXBounds?

    /// Creates empty metadata.
    public init(
        name: String? = nil, description: String? = nil, author: String? = nil,
        time: GPXTime? = nil, keywords: String? = nil, bounds: GPXBounds? = nil
    ) {
        self.name = name
        self.description = description
        self.author = author
        self.time = time
        self.keywords = keywords
        self.bounds = bounds
    }
}
