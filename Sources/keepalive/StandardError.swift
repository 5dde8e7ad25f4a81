import Foundation

/// Writes a line to standard error (Glibc's `stderr` global is not concurrency-safe in Swift 6).
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
