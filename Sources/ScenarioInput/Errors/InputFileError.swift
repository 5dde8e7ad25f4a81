/// Why an input file other than a track or a scenario cannot be read — a device recording, a
/// MetricKit payload: `FILE:LINE:COLUMN: message`, and the kind that decides the tool's exit
/// status (bad data, a file that cannot be opened).
public struct InputFileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var kind: FailureKind
    public var description: String

    public init(kind: FailureKind, description: String) {
        self.kind = kind
        self.description = description
    }

    /// Bad data at a place in the file.
    static func data(_ file: String, line: Int, column: Int, _ message: String) -> InputFileError {
        InputFileError(kind: .invalidData, description: "\(file):\(line):\(column): \(message)")
    }
}
