import Foundation
import Scenario

/// Writes a message to standard error as one line (Glibc's `stderr` global is not
/// concurrency-safe in Swift 6): control characters from files and scripts, line breaks
/// included, escaped (`\u{1B}`, `\u{A}`), so that a file can neither drive the terminal nor
/// forge a line of its own ("warning: …") in a log.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((SafeText.terminal(line) + "\n").utf8))
}

/// Writes an error, `error: FILE:LINE:COLUMN: what, why, what to do`, as one line: the one
/// prefix every failure of the tool starts with, whoever found it (a reader, ArgumentParser).
func printFailure(_ message: String) {
    printError(ErrorLine.prefix + message)
}
