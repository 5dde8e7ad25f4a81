import Foundation
import GPX
import Yams

/// The exit counts of a day's `MXMetricPayload`s, summed over the payloads: what
/// ``MetricKitPayload`` reads.
public struct MetricKitExits: Hashable, Sendable {
    /// The file, as messages and reports name it.
    public var file: String
    /// How many payloads the file holds.
    public var payloads: Int
    /// How many of them have `applicationExitMetrics` (a payload leaves out what it has no data for).
    public var payloadsWithExits: Int
    /// Each counter's sum; a counter no payload gave is absent.
    public var counts: [MetricKitCounter: Int]
    /// What the file holds that is not read: unknown keys with their places, payloads given twice.
    public var warnings: [String]

    /// A counter's sum over the payloads: 0 when none gave it.
    public func count(_ counter: MetricKitCounter) -> Int { counts[counter] ?? 0 }
}

/// Reads the JSON that `MXMetricPayload.jsonRepresentation()` writes: one payload (an object) or a
/// day's deliveries (an array of them, as `didReceive(_:)` hands them over), summing the counters
/// of `applicationExitMetrics`. Every count is checked where it is read; every key of the exit
/// sections that the table (``MetricKitCounter/all``) lacks, and every unknown key of a payload,
/// is kept as a warning with its place. See `Docs/CLI.md` ("MetricKit payloads").
public enum MetricKitPayload {
    /// The largest file read: a full payload is some 20 KB, so this holds a year of daily ones.
    public static let maximumBytes = 8 << 20
    /// The most values (JSON numbers, strings, objects…) a file may hold.
    public static let maximumValues = 500_000
    /// The largest count a payload's counter may give: a payload covers one device's day (Apple:
    /// "a 24 hour period of application usage"), and no app exits more than once a second.
    public static let maximumCount = 86_400

    /// The keys of a payload as `jsonRepresentation()` writes them (Apple's MXMetricPayload page,
    /// and payloads printed by developers); the others are warned of.
    public static let payloadKeys = [
        "appVersion", "timeStampBegin", "timeStampEnd", "metaData", "applicationExitMetrics",
        "applicationTimeMetrics", "applicationLaunchMetrics", "applicationResponsivenessMetrics",
        "cellularConditionMetrics", "cpuMetrics", "gpuMetrics", "displayMetrics", "diskIOMetrics",
        "locationActivityMetrics", "networkTransferMetrics", "memoryMetrics", "animationMetrics",
        "signpostMetrics", "diskSpaceUsageMetrics",
    ]
    /// The sections of `applicationExitMetrics` (`MXAppExitMetric`).
    static let exitKey = "applicationExitMetrics"

    /// Reads `path`.
    /// - Throws: ``InputFileError``: `cannotOpen` when it cannot be read, `invalidData` when
    ///   it is not a payload, naming file, line and column.
    public static func read(contentsOf path: String) throws(InputFileError) -> MetricKitExits {
        InputFiles.note(path, .metricKitPayload)
        let data: Data
        switch FileName.readRegularFile(path, upTo: maximumBytes) {
        case .success(let bytes): data = Data(bytes)
        case .failure(let error): throw InputFileError(kind: .cannotOpen, description: "\(path): cannot read the MetricKit payload: \(error.description.replacingOccurrences(of: "cannot read: ", with: "").replacingOccurrences(of: "cannot open: ", with: ""))")
        }
        guard data.count <= maximumBytes else {
            throw InputFileError(kind: .invalidData, description: "\(path): larger than \(maximumBytes >> 20) MB: a year of daily payloads is less")
        }
        let text: String
        do throws(ReplayError) {
            text = try ScenarioFile.text(data, name: path, what: "the payload")
        } catch {
            throw InputFileError(kind: .invalidData, description: error.description)
        }
        return try parse(text, name: path)
    }

    /// The payloads in `text`, named `name` in messages.
    public static func parse(_ text: String, name: String) throws(InputFileError) -> MetricKitExits {
        let node: Yams.Node?
        do throws(ReplayError) {
            node = try ScenarioFile.compose(text, name: name, language: "JSON", maximumNodes: maximumValues, what: "a day's payloads")
        } catch {
            throw InputFileError(kind: .invalidData, description: error.description)
        }
        var reader = PayloadReader(name: name)
        switch node {
        case let node? where node.mapping != nil:
            try reader.payload(node.mapping!, at: node)
        case let node? where node.sequence != nil:
            let sequence = node.sequence!
            guard !sequence.isEmpty else { throw reader.fail("an empty array: no payload to read", node) }
            for element in sequence {
                guard let mapping = element.mapping else {
                    throw reader.fail("an element of the array is not a payload (a JSON object)", element)
                }
                try reader.payload(mapping, at: element)
            }
        default:
            throw InputFileError(kind: .invalidData, description: "\(name): not an MXMetricPayload: the file holds neither a payload (a JSON object) nor an array of them")
        }
        return reader.exits
    }
}

/// Walks the payloads, adding each counter where it is read.
private struct PayloadReader {
    let name: String
    var exits: MetricKitExits
    /// Each payload's period as written (`timeStampBegin`–`timeStampEnd`), to tell one given twice.
    var periods: [String: Int] = [:]

    init(name: String) {
        self.name = name
        exits = MetricKitExits(file: name, payloads: 0, payloadsWithExits: 0, counts: [:], warnings: [])
    }

    func place(_ node: Yams.Node) -> String {
        node.mark.map { "\(name):\($0.line):\($0.column)" } ?? name
    }

    func fail(_ message: String, _ node: Yams.Node) -> InputFileError {
        InputFileError(kind: .invalidData, description: "\(place(node)): \(message)")
    }

    func key(_ node: Yams.Node) throws(InputFileError) -> String {
        guard let key = node.scalar?.string else { throw fail("a key must be a name, not an array or object", node) }
        return key
    }

    mutating func warn(_ key: String, _ node: Yams.Node, _ problem: String) {
        exits.warnings.append("\(place(node)): '\(Self.shown(key))' \(problem)")
    }

    /// What the file wrote, as a message shows it: no control characters, at most 60 characters.
    static func shown(_ text: String) -> String {
        let safe = SafeText.terminal(text)
        return safe.count > 60 ? String(safe.prefix(60)) + "…" : safe
    }

    mutating func payload(_ mapping: Yams.Node.Mapping, at node: Yams.Node) throws(InputFileError) {
        exits.payloads += 1
        var known = false
        var begin = "", end = ""
        for (keyNode, value) in mapping {
            let key = try key(keyNode)
            guard MetricKitPayload.payloadKeys.contains(key) else {
                warn(key, keyNode, "is not a key of MXMetricPayload\(Suggestion.didYouMean(key, among: MetricKitPayload.payloadKeys)); not read")
                continue
            }
            known = true
            switch key {
            case MetricKitPayload.exitKey:
                if value.null != nil { continue }  // no exit data for the period
                guard let exitMapping = value.mapping else { throw fail("'\(key)' must be an object (MXAppExitMetric)", value) }
                exits.payloadsWithExits += 1
                try exitMetrics(exitMapping)
            case "timeStampBegin": begin = value.scalar?.string ?? ""
            case "timeStampEnd": end = value.scalar?.string ?? ""
            default: break  // a metric the comparison does not use
            }
        }
        guard known else {
            let keys = MetricKitPayload.payloadKeys.prefix(4).joined(separator: ", ")
            throw fail("not an MXMetricPayload: none of its keys is a payload's (\(keys), …)", node)
        }
        if !begin.isEmpty || !end.isEmpty {
            let period = "\(begin)–\(end)"
            if let first = periods[period] {
                exits.warnings.append("\(place(node)): payload \(exits.payloads) covers the same period as payload \(first) (\(period)): both are counted")
            } else {
                periods[period] = exits.payloads
            }
        }
    }

    mutating func exitMetrics(_ mapping: Yams.Node.Mapping) throws(InputFileError) {
        let sections = MetricKitExitData.allCases.map(\.rawValue)
        for (keyNode, value) in mapping {
            let key = try key(keyNode)
            guard let exitData = MetricKitExitData(rawValue: key) else {
                warn(key, keyNode, "is not a section of applicationExitMetrics\(Suggestion.didYouMean(key, among: sections)); not read")
                continue
            }
            if value.null != nil { continue }
            guard let counters = value.mapping else { throw fail("'\(key)' must be an object of counters (\(exitData.className))", value) }
            for (counterKey, count) in counters {
                let written = try self.key(counterKey)
                guard let counter = MetricKitCounter.named(written, in: exitData) else {
                    if let other = MetricKitExitData.allCases.first(where: { MetricKitCounter.named(written, in: $0) != nil }) {
                        warn(written, counterKey, "is a counter of \(other.className), not of \(exitData.className); not compared")
                    } else {
                        let keys = MetricKitCounter.all.filter { $0.exitData == exitData }.map(\.key)
                        warn(written, counterKey, "is not a counter of \(exitData.className)\(Suggestion.didYouMean(written, among: keys)); not compared")
                    }
                    continue
                }
                exits.counts[counter, default: 0] += try number(written, count)
            }
        }
    }

    /// A count as JSON writes it: a plain whole number within the cap.
    func number(_ key: String, _ node: Yams.Node) throws(InputFileError) -> Int {
        let cap = MetricKitPayload.maximumCount
        let expectation = "a whole number from 0 to \(cap) (a payload covers one day, and an app exits at most once a second)"
        guard let scalar = node.scalar else { throw fail("'\(key)' must be \(expectation), not an array or object", node) }
        let digits = scalar.string
        guard scalar.style == .plain, !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let value = Int(digits), value <= cap else {
            let written = Self.shown(digits)
            throw fail("'\(key)' must be \(expectation), not \(scalar.style == .plain ? written : "\"\(written)\"")", node)
        }
        // JSON's grammar: a number starts with 0 only when it is 0 (YAML reads 007 as 7; no JSON reader does).
        guard digits == "0" || digits.first != "0" else {
            throw fail("'\(key)' must be \(expectation), not \(Self.shown(digits)): JSON writes no leading zeros; write \(value)", node)
        }
        return value
    }
}
