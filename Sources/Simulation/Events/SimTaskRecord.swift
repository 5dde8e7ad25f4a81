/// A background task as reports name it.
public struct SimTaskRecord: Hashable, Sendable, Codable {
    /// The identifier's raw value.
    public var id: Int
    /// The name given to `beginBackgroundTask`, or "unnamed".
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}
