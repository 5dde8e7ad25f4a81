/// What kind of failure stopped a replay or a matrix: the command-line tool gives each its exit
/// status (after BSD's sysexits.h), which the library leaves to it.
public enum FailureKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// Bad usage: an impossible setting, a malformed scenario or matrix file.
    case usage
    /// The input is not valid: a track that is not GPX, or has nothing to replay.
    case invalidData
    /// A file cannot be opened or read.
    case cannotOpen
    /// An output or a report cannot be written.
    case cannotWrite
    /// A worker process of a matrix failed: it died, was killed, or printed what is not a result.
    case workerFailed
    /// A run's virtual time stopped advancing (a reaction loop): the model could not answer.
    case stalled
}
