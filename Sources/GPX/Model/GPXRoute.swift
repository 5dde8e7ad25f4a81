/// A `<rte>`: an ordered list of route points, usually planned rather than recorded.
public struct GPXRoute: Hashable, Sendable {
    /// Name, description and the other descriptive fields.
    public var info: GPXPathInfo
    /// The `<rtept>` elements, in file order.
    public var points: [GPXPoint]

    /// Creates a route.
    public init(info: GPXPathInfo = GPXPathInfo(), points: [GPXPoint] = []) {
        self.info = info
        self.points = points
    }
}
