import ArgumentParser
import Foundation
import GPX
import Scenario

/// Where a command will write (`--report`, `--output`): never over one of the files the command
/// reads, and never into a folder that does not exist, which would fail only after the run, its
/// result already printed. The inputs are those the readers noted (``InputFiles``), so an input
/// named anywhere (a scenario's `infoPlist:`, a script's `info: {from:}`, a matrix run's scenario)
/// is one; they are checked once all are read, before the run, and again before the write.
struct OutputTarget {
    /// The option that names it: `--report`.
    let option: String
    let path: String
    /// Kinds of input the command reads several of by nature (a matrix's tracks): "a track", never "the track".
    var several: Set<InputFiles.Kind> = []

    /// `--report`'s check at parse time: the picture is SVG, or HTML around it.
    static func validateReportName(_ report: String?) throws {
        if let report, !(report.hasSuffix(".svg") || report.hasSuffix(".html")) {
            throw ValidationError("--report: '\(report)' must end in .svg or .html")
        }
    }

    /// What the output is, in messages: "report" or "output".
    private var what: String { option == "--report" ? "report" : "output" }

    /// Throws the exit code after saying why, when the folder `path` goes into does not exist
    /// (exit 73, as a failed write). Checked first, before any input is read.
    func checkFolder() throws {
        guard FileName.status(path) == nil else { return }
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        let reason: String? = if let status = FileName.status(folder) {
            status.st_mode & S_IFMT == S_IFDIR ? nil : String(cString: strerror(ENOTDIR))
        } else {
            String(cString: strerror(errno))
        }
        if let reason {
            printFailure("\(path): cannot write the \(what): \(reason)")
            throw ExitStatus.cannotWrite.exitCode
        }
    }

    /// Throws the exit code after saying why, when `path` is one of the files `inputs` noted: the
    /// same regular file, by device and inode, whatever the path's spelling or links (exit 64).
    func check(against inputs: InputFiles) throws {
        // Only a regular file can be written over: /dev/stdout may be the terminal /dev/stdin is.
        guard let output = FileName.status(path), output.st_mode & S_IFMT == S_IFREG else { return }
        let entries = inputs.entries
        for input in entries {
            guard let status = FileName.status(input.path), status.st_dev == output.st_dev, status.st_ino == output.st_ino else { continue }
            let one = !several.contains(input.kind) && entries.count(where: { $0.kind == input.kind }) == 1
            let same = input.path == path ? "" : " (\(input.path))"
            let article = one ? "the" : "AEIOU".contains(input.kind.rawValue.first!) ? "an" : "a"
            printFailure("\(option): '\(path)' is \(article) \(input.kind.rawValue)\(same): refusing to write over an input")
            throw ExitStatus.usage.exitCode
        }
    }

    /// Writes `text` to `path` after checking it against `inputs` once more (every file the run
    /// read is noted by now); a write that fails says why, with exit 73.
    func write(_ text: String, inputs: InputFiles) throws {
        try check(against: inputs)
        do {
            try Output.toFile(text, at: path)
        } catch {
            printFailure("\(path): cannot write the \(what): \(error.reason)")
            throw ExitStatus.cannotWrite.exitCode
        }
    }
}
