import Simulation

/// Words for the simulation's typed values, made by the reports (ScenarioReports extends this
/// namespace); declared here because the readers' errors and warnings need a few of them: a
/// stall, a profile and its releases, a profile parameter, a track warning.
public enum Prose {
    /// A goal's name, as `--goal` and JSON write it: `navigation`, `tracking`, `refresh`, `audio`,
    /// `call`, `finish-work`, `timer`, `significant-change`, `job`.
    public static func name(_ goal: SimGoal) -> String {
        switch goal {
        case .location(let goal): goal.kind.rawValue
        case .bgTasks: "refresh"
        case .regions, .monitor: "geofence"
        case .visits: "visit"
        case .audio: "audio"
        case .pushes: "call"
        case .backgroundTasks: "finish-work"
        case .timers: "timer"
        case .significantChanges: "significant-change"
        case .continuedProcessing: "job"
        case .locationPushes: "location-push"
        }
    }

    /// Why a run was stopped where virtual time stopped: the instant and what the loop did.
    public static func stall(_ stall: SimStall) -> String {
        let did = stall.eventKinds.isEmpty ? "it emitted no event" : "it emits " + stall.eventKinds.map(\.rawValue).joined(separator: ", ")
        return "Virtual time stopped at \(Formatting.clock(stall.at)): \(stall.steps) pieces of work ran at that instant without time advancing, "
            + "a reaction loop (\(did)). The run was stopped there; its figures cover the trip up to that instant only."
    }

    /// A profile parameter's value as `keepalive profiles` and the errors print it.
    package static func text(_ value: SimParameterValue) -> String {
        switch value {
        case .number(let number): Formatting.short(number)
        case .numberOrOff(let number): number.map(Formatting.short) ?? "off"
        case .flag(let flag): "\(flag)"
        case .flagOrEra(let flag): flag.map { "\($0)" } ?? "era"
        case .version(let version): version.map { "\($0)" } ?? "never"
        case .wakeKinds(let kinds): "[" + KeepAliveStartWake.allCases.filter(kinds.contains).map(\.rawValue).joined(separator: ", ") + "]"
        case .choice(let name): name
        }
    }

    /// What a profile parameter accepts, as `keepalive profiles` and the errors print it.
    package static func text(_ kind: SimParameterKind) -> String {
        switch kind {
        case .number(let range, let unit):
            switch unit {
            case .fraction: "a fraction from \(Formatting.short(range.lowerBound)) to \(Formatting.short(range.upperBound))"
            case .count: "a whole number from \(Formatting.short(range.lowerBound)) to \(Formatting.short(range.upperBound))"
            case .perSecond, .perHour: "a number \(unit.rawValue) from \(Formatting.short(range.lowerBound)) to \(Formatting.short(range.upperBound))"
            default: "a number of \(unit.rawValue) from \(Formatting.short(range.lowerBound)) to \(Formatting.short(range.upperBound))"
            }
        case .numberOrOff(let range, let unit): text(.number(range, unit)) + ", or off"
        case .flag: "true or false"
        case .flagOrEra: "true, false or era"
        case .version: "an iOS release or never"
        case .wakeKinds: "a list of " + KeepAliveStartWake.allCases.map(\.rawValue).joined(separator: ", ")
        case .choice(let names): names.joined(separator: " or ")
        }
    }
}
