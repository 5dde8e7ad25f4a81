import Foundation
import GPX
import ScenarioInput
import ScenarioRun

/// One file's `keepalive inspect` result, rendered as text or JSON.
public struct InspectReport: Sendable {
    public let file: String
    public let summary: GPXSummary

    public init(file: String, summary: GPXSummary) {
        self.file = file
        self.summary = summary
    }

    /// The object of `--format json`, with exactly the documented keys.
    public var json: JSONValue {
        let path = summary.path
        let bounds: JSONValue = path.bounds.map { box in
            .object([
                ("minLat", .double(box.minLatitude)), ("minLon", .double(box.minLongitude)),
                ("maxLat", .double(box.maxLatitude)), ("maxLon", .double(box.maxLongitude)),
            ])
        } ?? .null
        return .object([
            ("file", .string(file)),
            ("version", .string(orNull: summary.version)),
            ("creator", .string(orNull: summary.creator)),
            ("waypoints", .int(summary.waypointCount)),
            ("routes", .int(summary.routeCount)),
            ("routePoints", .int(summary.routePointCount)),
            ("tracks", .int(summary.trackCount)),
            ("segments", .int(summary.segmentCount)),
            ("trackPoints", .int(summary.trackPointCount)),
            ("timedPoints", .int(path.timedPointCount)),
            ("start", .string(orNull: path.start?.iso8601String)),
            ("end", .string(orNull: path.end?.iso8601String)),
            ("durationSeconds", .double(orNull: path.durationSeconds)),
            ("distanceMeters", .double(Self.millimetres(path.distanceMeters))),
            ("bounds", bounds),
            ("warnings", .array((summary.warnings.map(\.description) + pathWarnings).map(JSONValue.string))),
        ])
    }

    /// The aligned text of `--format text`.
    public var text: String {
        let path = summary.path
        var rows: [(String, String)] = [
            ("version", summary.version ?? "unknown"),
            ("creator", summary.creator ?? "unknown"),
            ("waypoints", "\(summary.waypointCount)"),
            ("routes", "\(summary.routeCount) with \(summary.routePointCount) points"),
            ("tracks", "\(summary.trackCount) with \(summary.segmentCount) segments, \(summary.trackPointCount) points"),
            ("path", Self.pathDescription(summary.pathSource, path)),
            ("start", path.start?.iso8601String ?? "none"),
            ("end", path.end?.iso8601String ?? "none"),
            ("duration", path.durationSeconds.map(Self.duration) ?? "none"),
            ("distance", Self.distance(path.distanceMeters)),
            ("bounds", path.bounds.map(Self.bounds) ?? "none"),
        ]
        if summary.warningCount + pathWarnings.count > 0 {
            rows.append(("warnings", "\(summary.warningCount + pathWarnings.count)"))
        }
        let width = rows.map(\.0.count).max() ?? 0
        var lines = [file]
        lines += rows.map { "  " + $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
        lines += summary.warnings.map { "  warning: " + $0.description }
        if summary.suppressedWarningCount > 0 { lines.append("  … and \(summary.suppressedWarningCount) more warnings") }
        lines += pathWarnings.map { "  warning: " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What the path's statistics show a replay would stumble on: points out of time order.
    private var pathWarnings: [String] {
        let path = summary.path, count = path.unorderedTimeCount
        guard count > 0 else { return [] }
        let kind = Self.pointKind(summary.pathSource)
        let place = path.firstUnorderedTime.map { "\($0): " } ?? ""
        return ["\(place)\(count) \(count == 1 ? String(kind.dropLast()) : kind) out of time order (not after an earlier point's time in the same piece): a replay skips \(count == 1 ? "it" : "them"), it does not sort them"]
    }

    private static func pointKind(_ source: GPXSummary.PathSource) -> String {
        source == .tracks ? "track points" : source == .routes ? "route points" : "waypoints"
    }

    private static func pathDescription(_ source: GPXSummary.PathSource, _ path: GPXPathStatistics) -> String {
        switch source {
        case .none: return "no points"
        case .tracks, .routes, .waypoints:
            let kind = pointKind(source)
            return "\(kind): \(path.pointCount), of which \(path.timedPointCount) timed"
        }
    }

    private static func millimetres(_ metres: Double) -> Double {
        (metres * 1000).rounded() / 1000
    }

    private static func distance(_ metres: Double) -> String {
        metres >= 1000 ? "\(Formatting.fixed(metres / 1000, 3)) km" : "\(Formatting.fixed(metres, 1)) m"
    }

    private static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.down))
        let clock = "\(whole / 3600)h \(Formatting.twoDigits(whole % 3600 / 60))m \(Formatting.twoDigits(whole % 60))s"
        let exact = seconds == Double(whole) ? "\(whole)" : Formatting.fixed(seconds, 3)
        return "\(clock) (\(exact) s)"
    }

    private static func bounds(_ box: GPXBounds) -> String {
        "\(box.minLatitude), \(box.minLongitude) … \(box.maxLatitude), \(box.maxLongitude)"
    }
}
