/// One entry of a matrix's `runs`: settings replayed on every track and profile.
public struct MatrixRun: Sendable {
    public let name: String
    /// A scenario file's settings (if any) overridden by the entry's own.
    public let settings: ReplaySettings
    public let expect: MatrixExpectation?
    /// The scenario file its settings came from, as read (relative to the matrix file's folder).
    public let scenario: String?
    /// Where the entry starts in the matrix file, for messages.
    public let line: Int
    public let column: Int

    public init(name: String, settings: ReplaySettings, expect: MatrixExpectation?, scenario: String? = nil, line: Int = 0, column: Int = 0) {
        self.name = name
        self.scenario = scenario
        self.settings = settings
        self.expect = expect
        self.line = line
        self.column = column
    }
}
