import ArgumentParser
import Foundation
import GPX

/// Where a command will write (`--report`, `--output`), checked before anything runs: never
/// over one of the command's inputs, and never into a folder that does not exist, which would
/// fail only after the run, its result already printed.
struct OutputTarget {
    /// The option that names it: `--report`.
    let option: String
    let path: String

    /// An input the command reads, and what it is for a message: ("the track", "x.gpx").
    typealias Input = (role: String, path: String)

    /// `--report`'s check at parse time: the picture is SVG, or HTML around it.
    static func validateReportName(_ report: String?) throws {
        if let report, !(report.hasSuffix(".svg") || report.hasSuffix(".html")) {
            throw ValidationError("--report: '\(report)' must end in .svg or .html")
        }
    }

    /// Throws the exit code after saying why, when `path` is one of `inputs` (the same regular
    /// file, by device and inode, whatever the path's spelling or links: exit 64) or its folder does
    /// not exist (exit 73, as a failed write).
    func check(against inputs: [Input]) throws {
        if let output = FileName.status(path) {
            // Only a regular file can be written over: /dev/stdout may be the terminal /dev/stdin is.
            guard output.st_mode & S_IFMT == S_IFREG else { return }
            for input in inputs {
                guard let status = FileName.status(input.path) else { continue }
                if status.st_dev == output.st_dev, status.st_ino == output.st_ino {
                    let same = input.path == path ? "" : " (\(input.path))"
                    printError("Error: \(option): '\(path)' is \(input.role)\(same): refusing to write over an input")
                    throw ExitStatus.usage.exitCode
                }
            }
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        let reason: String? = if let status = FileName.status(folder) {
            status.st_mode & S_IFMT == S_IFDIR ? nil : String(cString: strerror(ENOTDIR))
        } else {
            String(cString: strerror(errno))
        }
        if let reason {
            printError("\(path): cannot write the \(option == "--report" ? "report" : "output"): \(reason)")
            throw ExitStatus.cannotWrite.exitCode
        }
    }
}
