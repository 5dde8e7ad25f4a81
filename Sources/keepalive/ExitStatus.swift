import ArgumentParser
import GPX

/// The tool's exit statuses, after BSD's sysexits.h, in one place.
enum ExitStatus {
    /// EX_USAGE: bad options (ArgumentParser uses it for validation errors too).
    static let usage = ExitCode(64)
    /// EX_DATAERR: the input is not valid GPX.
    static let invalidData = ExitCode(65)
    /// EX_NOINPUT: a file cannot be opened or read.
    static let cannotOpen = ExitCode(66)
    /// EX_CANTCREAT: the output or a report cannot be written.
    static let cannotWrite = ExitCode(73)

    static func forReadError(_ error: GPXReadError) -> ExitCode {
        error.kind == .unreadable ? cannotOpen : invalidData
    }
}
