import ScenarioInput
import Simulation

/// A day's MetricKit exit counts beside a matrix's runs taken as the same trips: per counter, the
/// payloads' sum and how many of the matrix's runs ended with that exit (each run's first
/// process exit, as ``SimSummary/exitCategory`` names it).
///
/// ```swift
/// let exits = try MetricKitPayload.read(contentsOf: "Tracks/metrickit/payload.json")
/// let comparison = MetricKitComparison(exits, outcome)
/// comparison.disagreements.map(\.counter.name)  // ["MXBackgroundExitData.cumulativeMemoryPressureExitCount", …]
/// ```
public struct MetricKitComparison: Sendable {
    /// How a counter's two counts stand.
    public enum Agreement: String, Hashable, Sendable {
        /// Equal (both 0 included).
        case agree
        /// The device counted the exit; no run of the model ended so.
        case deviceOnly = "device-only"
        /// Runs of the model ended so; the device counted none.
        case modelOnly = "model-only"
        /// Both have it, in different numbers.
        case countsDiffer = "counts-differ"
    }

    /// One counter, both counts.
    public struct Row: Hashable, Sendable {
        public let counter: MetricKitCounter
        /// The payloads' sum.
        public let device: Int
        /// The matrix's runs that ended with this exit.
        public let model: Int

        public var agreement: Agreement {
            if device == model { return .agree }
            if model == 0 { return .deviceOnly }
            return device == 0 ? .modelOnly : .countsDiffer
        }

        /// What in the model gives this exit.
        public var causes: [ModelExitCause] { ModelExitCause.causes(of: counter) }
    }

    public let exits: MetricKitExits
    /// Every counter of the table, in its order.
    public let rows: [Row]
    /// The matrix's runs (cells).
    public let runs: Int
    /// Runs whose process ended where MetricKit counts no exit: a restart, an app update.
    public let exitsWithoutCounter: Int
    /// The matrix's field conditions, to tell which of a cause's conditions it already tried.
    public let conditions: [FieldCondition]

    public init(_ exits: MetricKitExits, _ outcome: MatrixOutcome) {
        var model: [MetricKitCounter: Int] = [:]
        var uncounted = 0
        for summary in outcome.summaries where summary.terminatedAt != nil {
            if let counter = MetricKitCounter.counting(summary.exitCategory, inForeground: summary.exitedInForeground) {
                model[counter, default: 0] += 1
            } else {
                uncounted += 1
            }
        }
        self.exits = exits
        rows = MetricKitCounter.all.map { Row(counter: $0, device: exits.count($0), model: model[$0] ?? 0) }
        runs = outcome.summaries.count
        exitsWithoutCounter = uncounted
        conditions = outcome.matrix.conditions
    }

    /// The counters whose counts differ, in the table's order.
    public var disagreements: [Row] { rows.filter { $0.agreement != .agree } }
    /// Whether every counter has the same count on both sides.
    public var agrees: Bool { disagreements.isEmpty }
}
