import Scripting
import Simulation
import Yams

/// `CLMonitor`'s words in app scripts (§11): no action of its own; `monitor-region` and
/// `stop-monitoring-region` (``RegionWords``) name a condition with `monitor:` and `assuming:`,
/// read here.
enum MonitorWords {
    /// A `CLMonitor`'s name: a word, not empty.
    static func name(_ node: Yams.Node, _ reader: AppScriptReader) throws(ReplayError) -> String {
        try reader.word("monitor", node, "a CLMonitor's name")
    }

    /// The state a condition is added in (`assuming`): any but `unmonitored`.
    static func assumedState(_ key: String, _ node: Yams.Node, _ reader: AppScriptReader) throws(ReplayError) -> SimMonitoringState {
        let word = try reader.string(key, node)
        guard let state = SimMonitoringState(rawValue: word), state != .unmonitored else {
            throw reader.fail(key, "'\(word)' is not a state a condition may be assumed in (unknown, satisfied, unsatisfied)", node)
        }
        return state
    }
}
