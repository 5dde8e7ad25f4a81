/// A track of a matrix.
public struct MatrixTrack: Hashable, Sendable {
    /// As the matrix file writes it: the reports' name for it.
    public let name: String
    /// Where it is read: `name` relative to the matrix file's folder.
    public let path: String

    public init(name: String, path: String) {
        self.name = name
        self.path = path
    }
}
