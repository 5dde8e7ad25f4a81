/// Why a matrix could not run; its ``kind`` decides the command-line tool's exit status.
public struct MatrixError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message for a person, naming the file (and line and column) or the worker.
    public let description: String
    /// Bad usage, invalid data, a file that cannot be opened or written, a worker that failed.
    public let kind: FailureKind

    public init(_ description: String, kind: FailureKind) {
        self.description = description
        self.kind = kind
    }

    /// A malformed matrix file or impossible settings.
    package init(usage description: String) {
        self.init(description, kind: .usage)
    }

    /// A worker process died, was killed, or printed something that is not a result.
    package init(worker description: String) {
        self.init(description, kind: .workerFailed)
    }

    package init(_ error: ReplayError) {
        self.init(error.description, kind: error.kind)
    }
}
