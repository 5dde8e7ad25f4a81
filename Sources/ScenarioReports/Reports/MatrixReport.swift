import ScenarioInput
import ScenarioRun
import Simulation

/// The outputs of `keepalive matrix`: a verdict table as text or Markdown, JSON, or JUnit XML.
/// Each is a function of the outcome alone, so equal outcomes print byte-identical reports.
public enum MatrixReport {
    /// Column titles of the tables.
    static let titles = ["track", "profile", "run", "goal", "verdict", "at", "expected", "ok"]

    static func cells(_ row: MatrixOutcome.Row) -> [String] {
        [row.track, row.profile, row.run, goal(row.summary), row.summary.verdict.rawValue, row.at.map(Formatting.clock) ?? "-",
         row.expected?.name ?? "-", row.asExpected.map { $0 ? "yes" : "NO" } ?? "-"]
    }

    /// The answer in a cell: "met 99.7 %", "missed 72.3 %" (the least covered goal), "-" with no goal.
    static func goal(_ summary: SimSummary) -> String {
        guard let met = summary.goalMet, let least = summary.coverage.min(by: { $0.fraction < $1.fraction }) else { return "-" }
        return "\(met ? "met" : "missed") \(Prose.percent(least.fraction))"
    }

    /// Why a goal was missed, in a cell: its first gap's first missed second, where the cause
    /// took hold (a location gap opens earlier, at the last fix), and the nearest cause
    /// ("0:01:30: background time expired"); "-" when every goal was met or none was set.
    static func whyMissed(_ summary: SimSummary) -> String {
        guard summary.goalMet == false, let missed = summary.coverage.first(where: { !$0.met }) else { return "-" }
        guard let gap = missed.gaps.first else { return "-" }
        return "\(Formatting.clock(gap.firstMissed)): \(Prose.shortGapCause(gap.causes, of: missed.goal))"
    }

    /// The JUnit `classname` of a cell: `keepalive.<track>.<profile>`, the track's file name
    /// without its folders and extension, and dots (which Jenkins reads as package separators)
    /// in it or the profile's name as `_`: `../Tracks/city.commute.gpx`, `ios17` →
    /// `keepalive.city_commute.ios17`.
    static func className(track: String, profile: String) -> String {
        var base = track.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? track
        if let dot = base.lastIndex(of: "."), dot != base.startIndex { base = String(base[..<dot]) }
        func clean(_ name: String) -> String { String(name.map { $0 == "." ? "_" : $0 }) }
        return "keepalive.\(clean(base)).\(clean(profile))"
    }

    /// An aligned table, then each run not as expected with the verdict in a sentence, then the count.
    public static func text(_ outcome: MatrixOutcome) -> String {
        // A line break or control character in a name would break the row, or drive the terminal.
        let table = [titles.map { $0.uppercased() }] + outcome.rows.map { cells($0).map { SafeText.terminal($0) } }
        var widths = [Int](repeating: 0, count: titles.count)
        for line in table { for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) } }
        var text = ""
        for line in table {
            let padded = line.enumerated().map { column, cell in
                column == line.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            text += padded.joined(separator: "  ") + "\n"
        }
        let failed = outcome.rows.filter { $0.asExpected == false }
        if !failed.isEmpty {
            text += "\nnot as expected:\n"
            for row in failed {
                let answer = Prose.answer(row.summary).first.map { $0 + " " } ?? ""
                text += "  \(SafeText.terminal(row.track)), \(row.profile), \(SafeText.terminal(row.run)): expected \(row.expected?.name ?? "-"). \(SafeText.terminal(answer))\(Prose.sentence(row.summary))\n"
            }
        }
        return text + "\n" + outcome.countLine + "\n"
    }

    /// A GitHub-flavoured Markdown table, with why each missed goal was missed, then the count.
    public static func markdown(_ outcome: MatrixOutcome) -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map(SafeText.markdownCell).joined(separator: " | ") + " |\n"
        }
        let titles = titles + ["why missed"]
        var text = line(titles) + line(titles.map { _ in "---" })
        for row in outcome.rows { text += line(cells(row) + [whyMissed(row.summary)]) }
        return text + "\n" + outcome.countLine + "\n"
    }

    /// Every run with typed fields (times in seconds, `null` when none), then the counts.
    public static func json(_ outcome: MatrixOutcome) -> JSONValue {
        .object([
            ("matrix", .string(outcome.matrix.file)),
            ("runs", .array(outcome.rows.map(rowJSON))),
        ] + counts(outcome).map { ($0.key, JSONValue.int($0.value)) })
    }

    /// ``json(_:)``'s text, with each run's object given already written as it stands among the
    /// runs (``renderedRow(_:)``): matrix workers write their runs' objects, so that the parent
    /// neither decodes every gap only to write it again nor lays the objects out itself. The
    /// same bytes as `json(outcome).serialized() + "\n"`.
    public static func jsonText(_ outcome: MatrixOutcome, renderedRows rows: [String]) -> String {
        var text = "{\n  \"matrix\": \(JSONValue.quoted(outcome.matrix.file)),\n  \"runs\": "
        // One allocation: growing a document of tens of megabytes copies it at every doubling.
        text.reserveCapacity(rows.reduce(text.utf8.count + 256) { $0 + $1.utf8.count + 6 })
        if rows.isEmpty { text += "[]" }
        for (index, row) in rows.enumerated() {
            text += index == 0 ? "[\n    " : ",\n    "
            text += row
        }
        if !rows.isEmpty { text += "\n  ]" }
        for (key, value) in counts(outcome) { text += ",\n  \(JSONValue.quoted(key)): \(value)" }
        text += "\n}\n"
        return text
    }

    /// One run's object as ``json(_:)`` writes it among the runs (its first line unindented).
    public static func renderedRow(_ row: MatrixOutcome.Row) -> String {
        rowJSON(row).serialized(indent: "    ")
    }

    private static func counts(_ outcome: MatrixOutcome) -> KeyValuePairs<String, Int> {
        let total = outcome.matrix.cells.count
        return [
            "total": total,
            "asExpected": total - outcome.failures - outcome.unchecked,
            "notAsExpected": outcome.failures,
            "withoutExpectation": outcome.unchecked,
            "goalsMet": outcome.goalsMet,
            "goalsMissed": outcome.goalsMissed,
        ]
    }

    private static func rowJSON(_ row: MatrixOutcome.Row) -> JSONValue {
        let summary = row.summary
        let causes = summary.causes.map { cause in
            JSONValue.object([("cause", .string(Prose.name(cause))), ("text", .string(Prose.text(cause)))])
        }
        let coverage: JSONValue = .array(summary.coverage.map(SummaryReport.coverageJSON))
        let reason: String? = summary.stall.map(Prose.stall) ?? Prose.reason(summary.causes)
        return .object([
            ("track", .string(row.track)),
            ("profile", .string(row.profile)),
            ("run", .string(row.run)),
            ("goal", SummaryReport.goalName(summary)),
            ("goalMet", .bool(orNull: summary.goalMet)),
            ("coverage", coverage),
            ("verdict", .string(summary.verdict.rawValue)),
            ("at", .double(orNull: row.at)),
            ("suspendedAt", .double(orNull: summary.suspendedAt)),
            ("terminatedAt", .double(orNull: summary.terminatedAt)),
            ("exitCategory", .string(orNull: summary.exitCategory?.rawValue)),
            ("expected", .string(orNull: row.expected?.name)),
            ("ok", .bool(orNull: row.asExpected)),
            ("reason", .string(orNull: reason)),
            ("causes", .array(causes)),
            ("sentence", .string(Prose.sentence(summary))),
        ])
    }

    /// JUnit XML for CI: a test suite per track, a test case per profile and run; a run not as
    /// expected is a `<failure>` with the verdict and its reason, and every case's
    /// `<system-out>` holds the verdict in a sentence. No times, so that reruns are identical.
    public static func junit(_ outcome: MatrixOutcome) -> String {
        let rows = outcome.rows
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(SafeText.xml("keepalive matrix \(outcome.matrix.file)"))\" tests=\"\(rows.count)\" failures=\"\(outcome.failures)\">\n"
        let perTrack = outcome.matrix.cellsPerTrack
        for (index, track) in outcome.matrix.tracks.enumerated() {
            let suite = rows[index * perTrack ..< (index + 1) * perTrack]
            let failures = suite.filter { $0.asExpected == false }.count
            xml += "  <testsuite name=\"\(SafeText.xml(track.name))\" tests=\"\(suite.count)\" failures=\"\(failures)\">\n"
            for row in suite {
                xml += "    <testcase classname=\"\(SafeText.xml(className(track: track.name, profile: row.profile)))\" name=\"\(SafeText.xml("\(row.run) (\(row.profile))"))\">\n"
                if row.asExpected == false {
                    let at = row.at.map { " at \(Formatting.clock($0))" } ?? ""
                    let message: String
                    var reason = row.summary.stall.map(Prose.stall) ?? Prose.reason(row.summary.causes) ?? Prose.sentence(row.summary)
                    if case .goal = row.expected, let missed = row.summary.coverage.first(where: { !$0.met }) ?? row.summary.coverage.first {
                        message = "expected \(row.expected?.name ?? "-"), was \(goal(row.summary))"
                        // The first uncovered gap and its cause: where to look first.
                        if row.summary.stall == nil, let first = missed.gaps.first { reason = Prose.headline(missed) + " First gap: " + Prose.gap(first, of: missed.goal) }
                    } else {
                        message = "expected \(row.expected?.name ?? "-"), was \(row.summary.verdict.rawValue)\(at)"
                    }
                    xml += "      <failure message=\"\(SafeText.xml(message))\" type=\"\(row.summary.verdict.rawValue)\">\(SafeText.xml(reason))</failure>\n"
                }
                xml += "      <system-out>\(SafeText.xml(Prose.sentence(row.summary)))</system-out>\n"
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }
}

extension MatrixWorker {
    /// Replays `tracks` as ``MatrixWorker/run(_:tracks:renderRow:write:)`` does, laying the rows out
    /// with ``MatrixReport/renderedRow(_:)`` when `rendersRows`.
    @available(*, deprecated, message: "the run no longer reaches into the reports: use run(_:tracks:renderRow:write:) with renderRow: MatrixReport.renderedRow")
    @MainActor
    public static func run<E: Error>(
        _ matrix: Matrix, tracks: some Sequence<Int>, rendersRows: Bool, write: (String) throws(E) -> Void
    ) throws(E) {
        let render: ((MatrixOutcome.Row) -> String)? = rendersRows ? { MatrixReport.renderedRow($0) } : nil
        try run(matrix, tracks: tracks, renderRow: render, write: write)
    }
}
