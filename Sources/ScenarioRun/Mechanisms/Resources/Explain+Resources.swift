import ScenarioInput
import Scripting

/// `--explain`'s fix for the app's own CPU work (§15): do less of it in the background.
extension ReplayRun {
    /// The share of the app's CPU work `--explain` tries: a quarter keeps a 1 Hz tracker well
    /// under the 80 %-over-60-s limit unless each fix takes more than 3 s.
    static let cpuFraction = 0.25

    /// The change for an app that spends CPU time (`cpu:`, busy loops).
    static func resourceCandidates(_ script: AppScript) -> [ExplainChange] {
        let usesCPU = script.allActions.contains { action in
            guard case .resources(let resource) = action else { return false }
            return switch resource {
            case .cpu, .busyLoop: true
            case .footprint, .grow: false
            }
        }
        return usesCPU ? [.app(.scaleCPU(fraction: cpuFraction))] : []
    }
}

extension Prose {
    /// The setting ``AppChange/scaleCPU(fraction:)`` touches, and its value.
    package static func scaleCPUSetting(_ fraction: Double) -> (setting: String, value: String) {
        ("background CPU (cpu:, busy loops)",
         "cut to \(Int((fraction * 100).rounded())) % of today's, as the CPU limit's report asks: less work per fix, or work deferred to a BGProcessingTask")
    }
}
