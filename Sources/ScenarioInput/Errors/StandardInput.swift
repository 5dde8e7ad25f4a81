import Foundation
import GPX

/// Standard input as an input file: `-`, as most tools take it, or the system's names for it
/// (`/dev/stdin`). It is read as given, a pipe included (whoever pipes a file in asked the tool to
/// wait for it), and the relative paths in what it holds start from the working directory, where
/// the command was typed, not from `/dev`. A file named `-` is `./-`.
public enum StandardInput {
    /// The names that read standard input.
    public static let names: Set<String> = ["-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]

    /// Whether `path` names standard input.
    public static func isNamed(_ path: String) -> Bool { names.contains(path) }

    /// The folder a file's relative paths start from: its own, or the working directory (`""`)
    /// for standard input.
    public static func folder(of file: String) -> String {
        isNamed(file) ? "" : (file as NSString).deletingLastPathComponent
    }

    /// A text input's bytes, at most `limit`, or `limit + 1` when there are more (the caller
    /// refuses it as too large): standard input when `path` names it, else a regular file
    /// (``FileName/readRegularFile(_:upTo:)``, which never waits on a FIFO or a device).
    public static func readFile(_ path: String, upTo limit: Int) -> Result<[UInt8], FileNameError> {
        isNamed(path) ? FileName.read(STDIN_FILENO, upTo: limit) : FileName.readRegularFile(path, upTo: limit)
    }

    /// Why a file could not be read, without the reader's own "cannot open: " or "cannot read: ",
    /// to follow a message's "cannot read the matrix file: ".
    public static func reason(_ error: FileNameError) -> String {
        error.description.replacingOccurrences(of: "cannot read: ", with: "").replacingOccurrences(of: "cannot open: ", with: "")
    }
}
