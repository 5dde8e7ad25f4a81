/// The descriptive fields shared by `<rte>` and `<trk>`.
public struct GPXPathInfo: Hashable, Sendable {
    /// `<name>`.
    public var name: String?
    /// `<cmt>`.
    public var comment: String?
    /// `<desc>`.
    public var description: String?
    /// `<src>`.
    public var source: String?
    /// `<number>`.
    public var number: Int?
    /// `<type>`: the activity, e.g. "cycling".
    public var type: String?

    /// Creates path information; every field is optional.
    public init(
        name: String? = nil, comment: String? = nil, description: String? = nil,
        source: String? = nil, number: Int? = nil, type: String? = nil
    ) {
        self.name = name
        self.comment = comment
        self.description = description
        self.source = source
        self.number = number
        self.type = type
    }
}
