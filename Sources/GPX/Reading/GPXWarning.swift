/// Something a read passed over but did not fail on, with its place in the file.
public struct GPXWarning: Hashable, Sendable, CustomStringConvertible {
    /// Where in the file.
    public var position: GPXSourcePosition
    /// What was passed over and why.
    public var message: String

    /// Creates a warning.
    public init(position: GPXSourcePosition, message: String) {
        self.position = position
        self.message = message
    }

    /// `LINE:COLUMN: message`.
    public var description: String { "\(position.line):\(position.column): \(message)" }
}
