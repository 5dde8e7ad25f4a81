import ArgumentParser
import GPX
import Scenario

/// The tool's exit statuses, after BSD's sysexits.h: the one place a failure's kind becomes a
/// number. The help texts print their numbers from here too.
enum ExitStatus {
    /// The number for each kind of failure.
    static func number(_ kind: FailureKind) -> Int32 {
        switch kind {
        case .usage: 64  // EX_USAGE (ArgumentParser uses it for validation errors too)
        case .invalidData: 65  // EX_DATAERR
        case .cannotOpen: 66  // EX_NOINPUT
        case .workerFailed: 70  // EX_SOFTWARE
        case .cannotWrite: 73  // EX_CANTCREAT
        }
    }

    static func code(_ kind: FailureKind) -> ExitCode { ExitCode(number(kind)) }

    static let usage = code(.usage)
    static let cannotWrite = code(.cannotWrite)

    /// A help line's first column: the number, then spaces up to the text.
    static func column(_ kind: FailureKind) -> String {
        let text = String(number(kind))
        return text + String(repeating: " ", count: max(1, 4 - text.count))
    }

    static func forReadError(_ error: GPXReadError) -> ExitCode {
        code(error.kind == .unreadable ? .cannotOpen : .invalidData)
    }

    /// Prints a replay's or a matrix's failure (usage errors as ArgumentParser prints its own)
    /// and gives the exit code to throw.
    static func report(_ description: String, _ kind: FailureKind) -> ExitCode {
        printError(kind == .usage ? "Error: \(description)" : description)
        return code(kind)
    }
}
