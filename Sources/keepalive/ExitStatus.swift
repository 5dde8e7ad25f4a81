import ArgumentParser
import GPX
import Scenario

/// The tool's exit statuses, after BSD's sysexits.h: the one place that numbers them. The
/// library's errors carry a ``FailureKind``; help texts build their EXIT STATUS lines from here.
enum ExitStatus: Int32, CaseIterable {
    /// Replay: the app met its goals (Docs/CLI.md "Exit status"); matrix: every run with an expectation met it.
    case success = 0
    /// The answer is not the one wanted: replay: a goal was missed (for a run without a goal:
    /// suspended, terminated or crashed); matrix: a run not as expected.
    case verdictNotMet = 1
    /// Compare: the device's recording and the model part (a gap one had and the other did not).
    case diverged = 2
    /// EX_USAGE: bad options (ArgumentParser uses it for validation errors too).
    case usage = 64
    /// EX_DATAERR: the input is not valid GPX.
    case invalidData = 65
    /// EX_NOINPUT: a file cannot be opened or read.
    case cannotOpen = 66
    /// EX_SOFTWARE: a matrix worker process failed, or a run's virtual time stopped advancing.
    case software = 70
    /// EX_CANTCREAT: the output or a report cannot be written.
    case cannotWrite = 73

    /// The status of a library error's kind.
    init(_ kind: FailureKind) {
        self = switch kind {
        case .usage: .usage
        case .invalidData: .invalidData
        case .cannotOpen: .cannotOpen
        case .cannotWrite: .cannotWrite
        case .workerFailed, .stalled: .software
        }
    }

    /// A file that cannot be opened, or data that is not valid GPX.
    init(_ error: GPXReadError) {
        self = error.kind == .unreadable ? .cannotOpen : .invalidData
    }

    /// To throw from `run()`: ArgumentParser exits with it.
    var exitCode: ExitCode { ExitCode(rawValue) }

    /// Writes a library error's message to standard error as `error: …` (``printFailure(_:)``)
    /// and returns the exit code to throw.
    static func report(_ message: String, _ kind: FailureKind) -> ExitCode {
        printFailure(message)
        return ExitStatus(kind).exitCode
    }

    /// A help text's EXIT STATUS lines: "  64  bad usage…", one a status, in the order given.
    static func help(_ lines: KeyValuePairs<ExitStatus, String>) -> String {
        lines.map { status, meaning in
            let code = String(status.rawValue)
            return "  " + code + String(repeating: " ", count: max(1, 4 - code.count)) + meaning
        }.joined(separator: "\n")
    }
}
