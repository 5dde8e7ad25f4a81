/// Why a matrix could not run, with the exit status the command-line tool gives it.
public struct MatrixError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message for a person, naming the file (and line and column) or the worker.
    public let description: String
    /// sysexits.h: 64 usage, 65 data, 66 no input, 70 internal (a worker failed).
    public let exitStatus: Int32

    public init(_ description: String, exitStatus: Int32) {
        self.description = description
        self.exitStatus = exitStatus
    }

    /// A malformed matrix file or impossible settings (exit 64).
    init(usage description: String) {
        self.init(description, exitStatus: 64)
    }

    /// A worker process died, was killed, or printed something that is not a result (exit 70).
    init(worker description: String) {
        self.init(description, exitStatus: 70)
    }

    init(_ error: ReplayError) {
        self.init(error.description, exitStatus: error.exitStatus)
    }
}
