import ScenarioInput
import ScenarioRun
import Simulation

/// `keepalive profiles`: the eras (§16), each with the releases it covers, its budget, what
/// changes at its start and the source, and the rules that change at a point release inside it.
public enum ProfilesReport {
    /// One block an era, oldest first, then the debugger's profile.
    public static func text(_ profiles: [SimProfile] = SimProfile.all) -> String {
        var lines: [String] = []
        for profile in profiles {
            let covers = profile.span.map { Prose.versions($0) } ?? "no release"
            let debugger = profile.suspendsApps ? "" : ", under Xcode's debugger: never suspended, no watchdog"
            lines.append("\(profile.name)  \(covers)  (\(Formatting.short(profile.backgroundTimeBudget)) s of background time\(debugger))")
            if profile.suspendsApps {
                if profile.changesAtStart.isEmpty { lines.append("  from \(startText(profile)): no rule of the model changes (the era ends where the next begins)") }
                for change in profile.changesAtStart {
                    lines.append("  from \(startText(profile)): \(Prose.eraChange(change)) — \(change.source)")
                }
            }
            for release in SimPointRelease.allCases where release.era == profile.name {
                lines.append("  before \(release.version): \(Prose.pointRelease(release)) — \(release.source)")
            }
        }
        lines.append("")
        lines.append("A version picks its era (--profile 16.3 runs ios16); a rule that changes inside an era is decided by that version, and an era named without one runs its latest releases' rules.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `[{"name": "ios16.4", "from": "16.4", "until": "17.0", "covers": "iOS 16.4–16.x", "budget": 30, "changes": [...], "pointReleases": [...]}]`.
    public static func json(_ profiles: [SimProfile] = SimProfile.all) -> JSONValue {
        .array(profiles.map { profile in
            let releases = SimPointRelease.allCases.filter { $0.era == profile.name }
            return .object([
                ("name", .string(profile.name)),
                ("from", .string(orNull: profile.span.map { "\($0.from)" })),
                ("until", .string(orNull: profile.span.map { "\($0.until)" })),
                ("covers", .string(orNull: profile.span.map(Prose.versions))),
                ("backgroundTimeBudget", .double(profile.backgroundTimeBudget)),
                ("underDebugger", .bool(!profile.suspendsApps)),
                ("changes", .array((profile.suspendsApps ? profile.changesAtStart : []).map { change in
                    .object([("rule", .string(change.rawValue)), ("text", .string(Prose.eraChange(change))), ("source", .string(change.source))])
                })),
                ("pointReleases", .array(releases.map { release in
                    .object([("rule", .string(release.rawValue)), ("version", .string("\(release.version)")),
                             ("before", .string(Prose.pointRelease(release))), ("source", .string(release.source))])
                })),
            ])
        })
    }

    /// `keepalive profiles --parameters`: every parameter a scenario or a matrix may set, its
    /// kind and range, its value in `profile`, and what it sets.
    public static func parameters(in profile: SimProfile = .iOS17) -> String {
        var lines = ["Parameters a scenario or a matrix may set (profile: {base: \(profile.name), NAME: VALUE}); values as in \(profile.name):"]
        for parameter in SimProfile.parameters {
            lines.append("  \(parameter.name) = \(Prose.text(parameter.value(in: profile)))  (\(Prose.text(parameter.kind))): \(parameter.summary)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// As ``parameters(in:)``, in JSON.
    public static func parametersJSON(in profile: SimProfile = .iOS17) -> JSONValue {
        .array(SimProfile.parameters.map { parameter in
            .object([("name", .string(parameter.name)), ("kind", .string(Prose.text(parameter.kind))),
                     ("value", .string(Prose.text(parameter.value(in: profile)))), ("summary", .string(parameter.summary))])
        })
    }

    private static func startText(_ profile: SimProfile) -> String {
        profile.span.map { $0.from.minor == 0 ? "iOS \($0.from.major)" : "iOS \($0.from)" } ?? "-"
    }
}

extension Prose {
    /// What changes at an era's start.
    public static func eraChange(_ change: SimEraChange) -> String {
        switch change {
        case .budgetRunsWhileAsleep: "600 s of background time, running even while the device sleeps; no allowsBackgroundLocationUpdates"
        case .budgetPausedWhileAsleep: "180 s of background time, paused while the device sleeps"
        case .backgroundTransfers: "background URLSession transfers"
        case .backgroundLocationFlag: "allowsBackgroundLocationUpdates must be true for background updates"
        case .alwaysNeedsBothUsageStrings: "Always needs NSLocationAlwaysAndWhenInUseUsageDescription and NSLocationWhenInUseUsageDescription"
        case .budgetOf30Seconds: "about 30 s of background time"
        case .bgTaskScheduler: "BGTaskScheduler (app refresh and processing tasks)"
        case .provisionalAlways: "provisional Always, with the second prompt in the background"
        case .voipNeedsCall: "every VoIP push must be reported to CallKit, or the app is terminated"
        case .approximateLocation: "approximate location (reduced accuracy)"
        case .noBackgroundLaunchAfterAppUpdate: "no background launch after an app update until the user opens the app"
        case .hiddenIndicatorRule:
            "an Always app with the indicator hidden, significant changes on and a distance filter or an accuracy coarser than 100 m is not kept alive by its updates"
        case .liveUpdatesAndMonitor: "CLLocationUpdate.liveUpdates, CLBackgroundActivitySession and CLMonitor"
        case .serviceSessions: "CLServiceSession, the live updates' diagnostics, conditionLimitExceeded"
        case .continuedProcessing: "BGContinuedProcessingTask"
        case .noLocationRelaunchAfterForceQuit: "significant changes, regions and CLMonitor no longer relaunch a force-quit app"
        }
    }

    /// What the releases before a point release do.
    public static func pointRelease(_ release: SimPointRelease) -> String {
        switch release {
        case .forceQuitLocationRelaunchFrom7_1: "significant changes, regions and visits do not relaunch a force-quit app"
        case .reliableLocationRelaunchFrom15_3: "region and significant-change events relaunch an app that is not running only half the time (seeded)"
        }
    }
}
