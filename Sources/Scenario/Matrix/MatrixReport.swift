import Simulation

/// The outputs of `keepalive matrix`: a verdict table as text or Markdown, JSON, or JUnit XML.
/// Each is a function of the outcome alone, so equal outcomes print byte-identical reports.
public enum MatrixReport {
    /// Column titles of the tables.
    static let titles = ["track", "profile", "run", "verdict", "at", "expected", "ok"]

    static func cells(_ row: MatrixOutcome.Row) -> [String] {
        [row.track, row.profile, row.run, row.summary.verdict.rawValue, row.at.map(Formatting.clock) ?? "-",
         row.expected?.rawValue ?? "-", row.asExpected.map { $0 ? "yes" : "NO" } ?? "-"]
    }

    /// An aligned table, then each run not as expected with the verdict in a sentence, then the count.
    public static func text(_ outcome: MatrixOutcome) -> String {
        let table = [titles.map { $0.uppercased() }] + outcome.rows.map(cells)
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
                text += "  \(row.track), \(row.profile), \(row.run): expected \(row.expected?.rawValue ?? "-"). \(Prose.sentence(row.summary))\n"
            }
        }
        return text + "\n" + outcome.countLine + "\n"
    }

    /// A GitHub-flavoured Markdown table, then the count.
    public static func markdown(_ outcome: MatrixOutcome) -> String {
        func line(_ cells: [String]) -> String {
            "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n"
        }
        var text = line(titles) + line(titles.map { _ in "---" })
        for row in outcome.rows { text += line(cells(row)) }
        return text + "\n" + outcome.countLine + "\n"
    }

    /// Every run with typed fields (times in seconds, `null` when none), then the counts.
    public static func json(_ outcome: MatrixOutcome) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.double) ?? .null }
        let runs = outcome.rows.map { row -> JSONValue in
            let summary = row.summary
            let causes = summary.causes.map { cause in
                JSONValue.object([("cause", .string(Prose.name(cause))), ("text", .string(Prose.text(cause)))])
            }
            return .object([
                ("track", .string(row.track)),
                ("profile", .string(row.profile)),
                ("run", .string(row.run)),
                ("verdict", .string(summary.verdict.rawValue)),
                ("at", number(row.at)),
                ("suspendedAt", number(summary.suspendedAt)),
                ("terminatedAt", number(summary.terminatedAt)),
                ("exitCategory", summary.exitCategory.map { .string($0.rawValue) } ?? .null),
                ("expected", row.expected.map { .string($0.rawValue) } ?? .null),
                ("ok", row.asExpected.map(JSONValue.bool) ?? .null),
                ("reason", (summary.stall.map(Prose.stall) ?? Prose.reason(summary.causes)).map(JSONValue.string) ?? .null),
                ("causes", .array(causes)),
                ("sentence", .string(Prose.sentence(summary))),
            ])
        }
        let total = outcome.matrix.cells.count
        return .object([
            ("matrix", .string(outcome.matrix.file)),
            ("runs", .array(runs)),
            ("total", .int(total)),
            ("asExpected", .int(total - outcome.failures - outcome.unchecked)),
            ("notAsExpected", .int(outcome.failures)),
            ("withoutExpectation", .int(outcome.unchecked)),
        ])
    }

    /// JUnit XML for CI: a test suite per track, a test case per profile and run; a run not as
    /// expected is a `<failure>` with the verdict and its reason, and every case's
    /// `<system-out>` holds the verdict in a sentence. No times, so that reruns are identical.
    public static func junit(_ outcome: MatrixOutcome) -> String {
        let rows = outcome.rows
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(escaped("keepalive matrix \(outcome.matrix.file)"))\" tests=\"\(rows.count)\" failures=\"\(outcome.failures)\">\n"
        let perTrack = outcome.matrix.profiles.count * outcome.matrix.runs.count
        for (index, track) in outcome.matrix.tracks.enumerated() {
            let suite = rows[index * perTrack ..< (index + 1) * perTrack]
            let failures = suite.filter { $0.asExpected == false }.count
            xml += "  <testsuite name=\"\(escaped(track.name))\" tests=\"\(suite.count)\" failures=\"\(failures)\">\n"
            for row in suite {
                xml += "    <testcase classname=\"\(escaped(track.name))\" name=\"\(escaped("\(row.run) (\(row.profile))"))\">\n"
                if row.asExpected == false {
                    let at = row.at.map { " at \(Formatting.clock($0))" } ?? ""
                    let message = "expected \(row.expected?.rawValue ?? "-"), was \(row.summary.verdict.rawValue)\(at)"
                    let reason = row.summary.stall.map(Prose.stall) ?? Prose.reason(row.summary.causes) ?? Prose.sentence(row.summary)
                    xml += "      <failure message=\"\(escaped(message))\" type=\"\(row.summary.verdict.rawValue)\">\(escaped(reason))</failure>\n"
                }
                xml += "      <system-out>\(escaped(Prose.sentence(row.summary)))</system-out>\n"
                xml += "    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// Text for XML content and attribute values; control characters XML 1.0 cannot hold become spaces.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
