import Foundation
import Scenario

/// Writes a line to standard error (Glibc's `stderr` global is not concurrency-safe in Swift 6),
/// control characters from files and scripts escaped (`\u{1B}`), never raw.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((SafeText.terminal(line, keepingLineBreaks: true) + "\n").utf8))
}
