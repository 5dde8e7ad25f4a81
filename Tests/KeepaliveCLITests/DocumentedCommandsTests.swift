import Foundation
import Testing

/// The commands the documentation shows, as the Markdown writes them (issue 34: "every command
/// block runs in a test and prints what the doc shows").
///
/// The convention, read from how the docs are written:
/// - A command is a line `swift run keepalive …` or `$ keepalive …` (`$ swift run keepalive …`)
///   in a fenced block (```` ```sh ````, ```` ```console ````, ```` ```text ```` or untagged); a line
///   ending in `\` goes on on the next; a ` # comment` after it and `# …` lines are comments.
/// - What it prints: in a `$ ` block, the lines after the command up to the next one; else a
///   block that opens on the line after the command's block closes, or one whose fence is
///   preceded by `<!-- output -->` (of the last command before it) or `<!-- output-of: COMMAND -->`.
///   The shown lines are found in the output (standard output, then standard error) in order and
///   together, but where a line `…` (alone, or `… comment`) stands for any number of lines: a doc
///   shows an excerpt. Trailing spaces do not count. `$ echo $?` after a command in a `$ ` block
///   shows its exit status on the next line.
/// - A ```` ```sh ```` or ```` ```console ```` block with anything else in it (`swift build`, `git
///   clone`), or a command that cannot run here (the reader's own file), is marked on the line
///   before its fence: `<!-- not-run: why -->`. Nothing is skipped silently: an unmarked block
///   that runs no command fails.
struct DocumentedCommand: Equatable, CustomStringConvertible {
    /// The doc and the line the command is on.
    var file: String
    var line: Int
    /// The command as written, without `swift run ` or `$ `: `keepalive replay …`.
    var command: String
    /// The lines the doc shows it printing; `nil` when it shows none.
    var shown: [String]?
    /// The exit status the doc shows (`$ echo $?`); `nil` when it shows none.
    var status: Int32? = nil

    var description: String { "\(file):\(line): \(command)" }
}

/// A block the docs mark as not run, or fail to.
struct DocumentedBlockProblem: Equatable, CustomStringConvertible {
    var file: String
    var line: Int
    var message: String
    var description: String { "\(file):\(line): \(message)" }
}

enum DocumentedCommands {
    /// The docs whose commands are run (Library.md's blocks are Swift: read, none run).
    static let files = ["README.md", "Docs/GettingStarted.md", "Docs/CLI.md", "Docs/Scenarios.md", "Docs/Library.md", "Tracks/README.md"]

    /// The comment that marks a block not run.
    static let notRunMark = "<!-- not-run:"
    /// The comment that marks a block as the last command's output.
    static let outputMark = "<!-- output -->"
    /// The comment that names the command a block is the output of.
    static let outputOfMark = "<!-- output-of:"
    /// The line that stands for any number of output lines.
    static let elision = "…"

    private struct Fence {
        var tag: String
        var openLine: Int       // 1-based
        var closeLine: Int
        var body: [String]
        /// The last non-blank line before the fence.
        var before: String
    }

    /// The commands of `text` (the doc `file`), and the blocks that break the convention.
    static func parse(_ text: String, file: String) -> (commands: [DocumentedCommand], problems: [DocumentedBlockProblem]) {
        let lines = text.components(separatedBy: "\n")
        var fences: [Fence] = []
        var index = 0
        while index < lines.count {
            let opening = lines[index].trimmingCharacters(in: .whitespaces)
            guard opening.hasPrefix("```") else { index += 1; continue }
            let tag = String(opening.dropFirst(3)).trimmingCharacters(in: .whitespaces)
            var close = index + 1
            while close < lines.count, lines[close].trimmingCharacters(in: .whitespaces) != "```" { close += 1 }
            let before = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.trimmingCharacters(in: .whitespaces) ?? ""
            let body = close > index + 1 ? Array(lines[(index + 1)..<min(close, lines.count)]) : []
            fences.append(Fence(tag: tag, openLine: index + 1, closeLine: close + 1, body: body, before: before))
            index = close + 1
        }

        var commands: [DocumentedCommand] = []
        var problems: [DocumentedBlockProblem] = []
        var lastBlockCommand: (index: Int, closeLine: Int)?
        for fence in fences where ["", "sh", "console", "text", "shell", "bash"].contains(fence.tag) {
            let notRun = fence.before.hasPrefix(notRunMark)
            let prompted = fence.tag == "console" || fence.body.contains { $0.hasPrefix("$ ") }
            var found: [DocumentedCommand] = []
            var strays: [String] = []
            var showsStatus = false
            var lineIndex = 0
            while lineIndex < fence.body.count {
                let raw = fence.body[lineIndex]
                let number = fence.openLine + 1 + lineIndex
                var written = raw.trimmingCharacters(in: .whitespaces)
                if prompted {
                    guard written.hasPrefix("$ ") else {
                        if showsStatus, !found.isEmpty, let status = Int32(written) {
                            found[found.count - 1].status = status
                        } else if !found.isEmpty {
                            found[found.count - 1].shown!.append(raw)
                        }
                        lineIndex += 1
                        continue
                    }
                    written.removeFirst(2)
                    showsStatus = written == "echo $?"
                    if showsStatus {
                        lineIndex += 1
                        continue
                    }
                }
                // Continuation lines.
                while written.hasSuffix("\\"), lineIndex + 1 < fence.body.count {
                    lineIndex += 1
                    written = String(written.dropLast()).trimmingCharacters(in: .whitespaces) + " " + fence.body[lineIndex].trimmingCharacters(in: .whitespaces)
                }
                lineIndex += 1
                let shell = ["sh", "console", "shell", "bash"].contains(fence.tag)
                if written.hasPrefix("swift run keepalive ") {
                    written.removeFirst("swift run ".count)
                } else if !shell && !prompted {
                    continue  // output, or prose in a text block
                }
                if written.hasPrefix("keepalive ") {
                    if let comment = written.range(of: " # ") { written = String(written[..<comment.lowerBound]) }
                    found.append(DocumentedCommand(file: file, line: number, command: written.trimmingCharacters(in: .whitespaces), shown: prompted ? [] : nil))
                } else if !written.isEmpty, !written.hasPrefix("#") {
                    strays.append(written)
                }
            }
            if notRun {
                if found.isEmpty && strays.isEmpty {
                    problems.append(DocumentedBlockProblem(file: file, line: fence.openLine, message: "marked not-run but holds no command"))
                }
                lastBlockCommand = nil
                continue
            }
            if let stray = strays.first {
                problems.append(DocumentedBlockProblem(file: file, line: fence.openLine, message: "'\(stray)' is not a keepalive command: run it in a test, or mark the block \(notRunMark) why -->"))
                continue
            }
            if !found.isEmpty {
                for var command in found {
                    if command.shown?.isEmpty == true { command.shown = nil }
                    commands.append(command)
                }
                lastBlockCommand = (commands.count - 1, fence.closeLine)
                continue
            }
            // A block of output: whose?
            if fence.before.hasPrefix(outputOfMark) {
                let command = fence.before.dropFirst(outputOfMark.count).replacingOccurrences(of: "-->", with: "").trimmingCharacters(in: .whitespaces)
                commands.append(DocumentedCommand(file: file, line: fence.openLine - 1, command: command, shown: fence.body))
            } else if let last = lastBlockCommand, fence.before == outputMark || fence.openLine == last.closeLine + 1 {
                if commands[last.index].shown == nil {
                    commands[last.index].shown = fence.body
                } else {
                    problems.append(DocumentedBlockProblem(file: file, line: fence.openLine, message: "a second output for \(commands[last.index])"))
                }
            } else if fence.before == outputMark {
                problems.append(DocumentedBlockProblem(file: file, line: fence.openLine, message: "\(outputMark) with no command block before it"))
            }
            lastBlockCommand = nil
        }
        return (commands, problems)
    }

    /// Where `shown` parts from `actual` (both lines): `nil` when the output holds the shown lines
    /// in order and together, `…` matching any number of lines; else the first shown line that no
    /// output line matches.
    static func mismatch(shown: [String], actual: [String]) -> (shownLine: Int, expected: String)? {
        let shown = shown.map(trimmedEnd)
        let actual = actual.map(trimmedEnd)
        // Blank lines shown around the excerpt say nothing; an excerpt may start anywhere.
        let expected = [elision] + Array(shown.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed())
        var best = 0
        func matches(_ e: Int, _ a: Int) -> Bool {
            best = max(best, e)
            if e == expected.count { return true }
            if expected[e].trimmingCharacters(in: .whitespaces).hasPrefix(elision) {
                return (a...actual.count).contains { matches(e + 1, $0) }
            }
            return a < actual.count && actual[a] == expected[e] && matches(e + 1, a + 1)
        }
        return matches(0, 0) ? nil : (best - 1, expected[min(best, expected.count - 1)])
    }

    private static func trimmedEnd(_ line: String) -> String {
        var line = line
        while line.last == " " || line.last == "\t" { line.removeLast() }
        return line
    }
}

@Suite("Documented commands")
struct DocumentedCommandsTests {
    /// A folder with the repository's Tracks/ and Docs/examples/ (read-only inputs), where the
    /// commands' reports are written.
    final class Workspace {
        let folder: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-docs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("Docs"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Tracks"), withDestinationURL: CLI.packageRoot.appendingPathComponent("Tracks"))
            try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("Docs/examples"), withDestinationURL: CLI.packageRoot.appendingPathComponent("Docs/examples"))
        }

        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    @Test(arguments: DocumentedCommands.files)
    func everyCommandBlockRunsAndPrintsWhatTheDocShows(_ file: String) throws {
        let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(file), encoding: .utf8)
        let (commands, problems) = DocumentedCommands.parse(text, file: file)
        for problem in problems { Issue.record(Comment(rawValue: problem.description)) }
        let workspace = try Workspace()
        for command in commands {
            let arguments = String(command.command.dropFirst("keepalive".count))
            let result = try CLI.run(["-c", "\"$0\"" + arguments, CLI.executable.path], in: workspace.folder, shell: true)
            // 0 and 1 are answers (met, missed), 2 compare's divergence; 64 and above are failures.
            guard result.status < 64 else {
                Issue.record(Comment(rawValue: "\(command): exit \(result.status): \(result.stderr)"))
                continue
            }
            if let status = command.status, status != result.status {
                Issue.record(Comment(rawValue: "\(command): exit \(result.status), the doc shows \(status)"))
            }
            guard let shown = command.shown else { continue }
            let actual = (result.stdout + result.stderr).components(separatedBy: "\n")
            if let (line, expected) = DocumentedCommands.mismatch(shown: shown, actual: actual) {
                // The doc's excerpt, and the output from where its first line is (or from the top).
                let first = shown.first { !$0.isEmpty && !$0.hasPrefix(DocumentedCommands.elision) }
                let start = first.flatMap { line in actual.firstIndex { $0.hasPrefix(line) } } ?? 0
                let doc = shown.map { "  doc  | " + $0 }.joined(separator: "\n")
                let tool = actual[start...].prefix(shown.count + 20).map { "  tool | " + $0 }.joined(separator: "\n")
                Issue.record(Comment(rawValue: """
                    \(command): the doc's output parts from what the tool prints at its shown line \(line + 1):
                      expected: \(expected)
                    \(doc)
                    \(tool)
                    """))
            }
        }
    }

    /// Each doc is read: a doc with commands whose parser found none would pass silently.
    @Test func theDocsHoldTheirCommands() throws {
        var counts: [String: Int] = [:]
        for file in DocumentedCommands.files {
            let text = try String(contentsOf: CLI.packageRoot.appendingPathComponent(file), encoding: .utf8)
            counts[file] = DocumentedCommands.parse(text, file: file).commands.count
        }
        #expect(counts["README.md"]! >= 3)
        #expect(counts["Docs/GettingStarted.md"]! >= 5)
        #expect(counts["Docs/CLI.md"]! >= 4)
        #expect(counts["Docs/Scenarios.md"]! >= 4)
        // Each sample track's command, compare's, MetricKit's and the recipes' matrix.
        #expect(counts["Tracks/README.md"]! == 11)
    }

    @Test func theConventionReadsCommandsOutputsAndMarks() {
        let doc = """
            ```sh
            swift run keepalive replay a.gpx --report a.svg   # the main job
            ```
            ```
            Goal met.
            ```

            <!-- not-run: needs a clone -->
            ```sh
            git clone x
            ```

            ```sh
            swift build
            ```

            ```console
            $ keepalive compare t.gpx \\
                --device d.csv
            Track: t
            …
            $ keepalive profiles
            $ echo $?
            0
            ```

            <!-- output-of: keepalive matrix m.yaml -->
            ```
            RUN
            ```
            """
        let (commands, problems) = DocumentedCommands.parse(doc, file: "d.md")
        #expect(commands == [
            DocumentedCommand(file: "d.md", line: 2, command: "keepalive replay a.gpx --report a.svg", shown: ["Goal met."]),
            DocumentedCommand(file: "d.md", line: 18, command: "keepalive compare t.gpx --device d.csv", shown: ["Track: t", "…"]),
            DocumentedCommand(file: "d.md", line: 22, command: "keepalive profiles", shown: nil, status: 0),
            DocumentedCommand(file: "d.md", line: 27, command: "keepalive matrix m.yaml", shown: ["RUN"]),
        ])
        #expect(problems == [DocumentedBlockProblem(file: "d.md", line: 13, message: "'swift build' is not a keepalive command: run it in a test, or mark the block <!-- not-run: why -->")])
    }

    @Test func anElisionMatchesAnyNumberOfLines() {
        let actual = ["a", "b", "c", "d", ""]
        #expect(DocumentedCommands.mismatch(shown: ["a", "b"], actual: actual) == nil)
        #expect(DocumentedCommands.mismatch(shown: ["", "c", "d", ""], actual: actual) == nil)
        #expect(DocumentedCommands.mismatch(shown: ["b", "d"], actual: actual)?.expected == "d")
        #expect(DocumentedCommands.mismatch(shown: ["a", "…", "d"], actual: actual) == nil)
        #expect(DocumentedCommands.mismatch(shown: ["…", "c  "], actual: actual) == nil)
        #expect(DocumentedCommands.mismatch(shown: ["a", "…", "a"], actual: actual)?.expected == "a")
        #expect(DocumentedCommands.mismatch(shown: ["a", "c"], actual: actual)?.shownLine == 1)
    }
}
