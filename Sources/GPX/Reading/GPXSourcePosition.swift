/// A place in a GPX file, as an editor shows it: line and column both start at 1.
///
/// Columns count characters as libexpat does (a multi-byte UTF-8 character is one column).
public struct GPXSourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Line, from 1.
    public var line: Int
    /// Column, from 1.
    public var column: Int

    /// Creates a position.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }

    public static func < (lhs: GPXSourcePosition, rhs: GPXSourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
