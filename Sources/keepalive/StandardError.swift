import Foundation
import Scenario

/// Writes a message to standard error as one line (Glibc's `stderr` global is not
/// concurrency-safe in Swift 6): control characters from files and scripts, line breaks
/// included, escaped (`\u{1B}`, `\u{A}`), so that a file can neither drive the terminal nor
/// forge a line of its own ("warning: …") in a log.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((SafeText.terminal(line) + "\n").utf8))
}

/// Writes a message of several lines to standard error (ArgumentParser's usage and help):
/// control characters escaped, line breaks and tabs kept.
func printErrorLines(_ text: String) {
    FileHandle.standardError.write(Data((SafeText.terminal(text, keepingLineBreaks: true) + "\n").utf8))
}
