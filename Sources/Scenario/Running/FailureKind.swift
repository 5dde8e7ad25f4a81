/// What kind of failure stopped a replay or a matrix. The command-line tool maps each to its
/// exit status (`Sources/keepalive/ExitStatus.swift`, the one place numbers are chosen).
public enum FailureKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// Bad options, impossible settings, a malformed scenario or matrix file.
    case usage
    /// A track that is not valid GPX, or has no point to replay.
    case invalidData
    /// A file that cannot be opened or read.
    case cannotOpen
    /// A worker process of a matrix failed.
    case workerFailed
    /// The output or a report cannot be written.
    case cannotWrite
}
