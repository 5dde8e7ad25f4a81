import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// Issue 9 parts 6–8: the named profiles, the debugger profile (§1, §9), MetricKit's exit
/// categories (§9) and the Info.plist lint (§7). Times follow the iOS 17 rules: 30 s budget, 5 s
/// grace, 1 s for expiration handlers; the standard app begins a task on entering the background
/// and ends it in its expiration handler.
@MainActor
@Suite struct ProfileAndExitTests {
    // MARK: Profiles

    struct Row: Sendable, CustomStringConvertible {
        let name: String, budget: Double, runsAsleep: Bool, flag: Bool, provisional: Bool, reduced: Bool, suspends: Bool
        var description: String { name }
    }

    @Test(arguments: [
        // §2 budgets by era; §3 the flag from iOS 9; §5 provisional Always from 13, reduced accuracy from 14; §9 the debugger.
        Row(name: "ios6", budget: 600, runsAsleep: true, flag: false, provisional: false, reduced: false, suspends: true),
        Row(name: "ios7", budget: 180, runsAsleep: false, flag: false, provisional: false, reduced: false, suspends: true),
        Row(name: "ios9", budget: 180, runsAsleep: false, flag: true, provisional: false, reduced: false, suspends: true),
        Row(name: "ios12", budget: 180, runsAsleep: false, flag: true, provisional: false, reduced: false, suspends: true),
        Row(name: "ios13", budget: 30, runsAsleep: false, flag: true, provisional: true, reduced: false, suspends: true),
        Row(name: "ios14", budget: 30, runsAsleep: false, flag: true, provisional: true, reduced: true, suspends: true),
        Row(name: "ios17", budget: 30, runsAsleep: false, flag: true, provisional: true, reduced: true, suspends: true),
        Row(name: "ios18", budget: 30, runsAsleep: false, flag: true, provisional: true, reduced: true, suspends: true),
        Row(name: "ios26", budget: 30, runsAsleep: false, flag: true, provisional: true, reduced: true, suspends: true),
        Row(name: "debugger", budget: 30, runsAsleep: false, flag: true, provisional: true, reduced: true, suspends: false),
    ])
    func theNamedProfilesHaveTheirEraNumbers(_ row: Row) throws {
        let profile = try #require(SimProfile.all.first { $0.name == row.name })
        #expect(profile.backgroundTimeBudget == row.budget)
        #expect(profile.budgetRunsWhileAsleep == row.runsAsleep)
        #expect(profile.hasBackgroundLocationFlag == row.flag)
        #expect(profile.grantsProvisionalAlways == row.provisional)
        #expect(profile.hasReducedAccuracy == row.reduced)
        #expect(profile.suspendsApps == row.suspends)
        #expect(profile.watchdogEnabled == row.suspends)
        #expect(profile.suspensionGracePeriod == 5)
        #expect(profile.expirationHandlerAllowance == 1)
    }

    @Test func theProfilesAreListedOldestFirstThenTheDebugger() {
        #expect(SimProfile.all.map(\.name) == [
            "ios6", "ios7", "ios9", "ios12", "ios13", "ios14", "ios15", "ios16", "ios16.4", "ios17", "ios18", "ios26", "ios26.4", "debugger",
        ])
        #expect(SimProfile.iOS12.underDebugger().name == "ios12+debugger")
        #expect(SimProfile.iOS12.underDebugger().backgroundTimeBudget == 180)
    }

    @Test(arguments: [(SimProfile.iOS13, SimAccuracyAuthorization.fullAccuracy), (.iOS14, .reducedAccuracy)])
    func approximateLocationExistsFromIOS14(profile: SimProfile, expected: SimAccuracyAuthorization) {
        // The user turns Precise Location off at the prompt (answer after 1 s), and the run starts reduced.
        let prompted = KeepAliveSimulation(SimulationConfiguration(
            trajectory: drive(seconds: 100), profile: profile, answers: SimUserAnswers(precise: false)), app: StandardNavigationApp())
        prompted.run()
        #expect(prompted.system.mechanism(LocationServices.self)?.authorization.accuracy == expected)
        let started = KeepAliveSimulation(SimulationConfiguration(
            trajectory: drive(seconds: 100), profile: profile, initialAuthorization: .authorizedAlways,
            initialAccuracyAuthorization: .reducedAccuracy), app: StandardNavigationApp())
        started.run()
        #expect(started.system.mechanism(LocationServices.self)?.authorization.accuracy == expected)
    }

    @Test func preciseLocationSwitchedOffInSettingsChangesNothingBeforeIOS14() {
        let timeline = [SimScenarioEvent(at: 20, .setAccuracyAuthorization(.reducedAccuracy))]
        let (old, _) = runStandard(configuration(drive(seconds: 100), profile: .iOS13, timeline: timeline))
        #expect(log(old, [.authorizationChange]) == [])
        let (new, _) = runStandard(configuration(drive(seconds: 100), profile: .iOS14, timeline: timeline))
        #expect(log(new, [.authorizationChange]) == [
            At(20, .authorizationChange(from: .authorizedAlways, to: .authorizedAlways, accuracy: .reducedAccuracy, cause: .preciseLocationChanged)),
        ])
    }

    // MARK: The debugger (§9)

    @Test func theDebuggerNeverSuspendsWhereADeviceDoes() {
        // Background updates off: left at 10, the budget of 30 s expires at 40, the handler ends the
        // task, and iOS 17 suspends the app at 40. Under the debugger it keeps running, and says so once.
        let timeline = [SimScenarioEvent(at: 10, .enterBackground)]
        let (device, _) = runStandard(configuration(drive(seconds: 200), profile: .iOS17, timeline: timeline)) { $0.allowsBackgroundLocationUpdates = false }
        #expect(device.summary.verdict == .suspended)
        #expect(device.summary.suspendedAt == 40)
        #expect(device.summary.exitCategory == nil)  // a suspension is not an exit
        let (debugger, _) = runStandard(configuration(drive(seconds: 200), profile: .debugger, timeline: timeline)) { $0.allowsBackgroundLocationUpdates = false }
        #expect(debugger.summary.verdict == .keptAlive)
        #expect(debugger.summary.suspendedAt == nil)
        #expect(debugger.summary.profile == "debugger")
        #expect(log(debugger, [.warning, .budgetExpired, .taskExpiration]) == [
            At(40, .warning(.backgroundTaskOpenLong(SimTaskRecord(id: 1, name: "navigation"), seconds: 30))),
            At(40, .budgetExpired(.backgroundTimeExpired(budget: 30))),
            At(40, .taskExpiration(SimTaskRecord(id: 1, name: "navigation"))),
            At(40, .warning(.debuggerPreventsSuspension(.backgroundTimeExpired(budget: 30)))),
            At(200, .warning(.infoPlist(.modeDeclaredButUnused(.location)))),
        ])
        #expect(debugger.summary.secondsInState["background"] == 190)
    }

    @Test func theDebuggerHasNoWatchdog() {
        // The task is never ended: at 40 the budget expires, at 41 (1 s allowance) the watchdog
        // terminates the app on iOS 17; under the debugger it does not.
        let timeline = [SimScenarioEvent(at: 10, .enterBackground)]
        let adjust: (inout StandardNavigationApp.Settings) -> Void = { $0.allowsBackgroundLocationUpdates = false; $0.leaksBackgroundTask = true }
        let (device, _) = runStandard(configuration(drive(seconds: 100), profile: .iOS17, timeline: timeline), adjust)
        #expect(device.summary.verdict == .terminated)
        #expect(device.summary.terminatedAt == 41)
        #expect(device.summary.exitCategory == .backgroundTaskAssertionTimeout)
        #expect(!device.summary.exitedInForeground)
        let (debugger, _) = runStandard(configuration(drive(seconds: 100), profile: .debugger, timeline: timeline), adjust)
        #expect(debugger.summary.verdict == .keptAlive)
        #expect(debugger.summary.terminatedAt == nil)
        #expect(debugger.summary.exitCategory == nil)
        #expect(log(debugger, [.warning]).dropFirst().first == At(41, .warning(.debuggerPreventsWatchdog(openTasks: [SimTaskRecord(id: 1, name: "navigation")]))))
    }

    @Test func aSleepingDeviceDoesNotFreezeAnAppUnderTheDebugger() {
        // Locked at 10 with only a task holding: iOS 17 freezes (suspends) the app at 10.
        let timeline = [SimScenarioEvent(at: 10, .lock)]
        let (device, _) = runStandard(configuration(drive(seconds: 100), profile: .iOS17, timeline: timeline)) { $0.allowsBackgroundLocationUpdates = false }
        #expect(device.summary.suspendedAt == 10)
        let (debugger, _) = runStandard(configuration(drive(seconds: 100), profile: .debugger, timeline: timeline)) { $0.allowsBackgroundLocationUpdates = false }
        #expect(debugger.summary.verdict == .keptAlive)
        #expect(debugger.summary.secondsInState["suspended"] == nil)
    }

    // MARK: Exit categories (§9, MetricKit MXBackgroundExitData)

    @Test(arguments: [
        (SimCause.watchdog(openTasks: [], allowance: 1), SimExitCategory?.some(.backgroundTaskAssertionTimeout)),
        (.memoryPressure, .memoryPressureExit),
        (.crash(.backgroundLocationWithoutMode), .abnormalExit),
        (.crash(.stackOverflow), .badAccess),
        (.forceQuit, .normalAppExit),
        (.nothingHoldsApp, nil),
        (.backgroundTimeExpired(budget: 30), nil),
    ])
    func causesMapToMetricKitCategories(cause: SimCause, category: SimExitCategory?) {
        #expect(SimExitCategory(cause) == category)
    }

    @Test func everyCategoryNamesItsMetricKitCounter() {
        #expect(SimExitCategory.allCases.count == 10)
        #expect(SimExitCategory.backgroundTaskAssertionTimeout.metricKitProperty == "cumulativeBackgroundTaskAssertionTimeoutExitCount")
        #expect(SimExitCategory.cpuResourceLimit.metricKitProperty == "cumulativeCPUResourceLimitExitCount")
        for category in SimExitCategory.allCases {
            #expect(category.metricKitProperty.hasPrefix("cumulative") && category.metricKitProperty.hasSuffix("ExitCount"))
        }
    }

    @Test func aPurgeAfterSuspensionIsAMemoryPressureExit() {
        // Suspended at 40 (as above), purged at 100: the verdict stays suspended, the exit is the purge.
        let (result, _) = runStandard(configuration(drive(seconds: 200), timeline: [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 100, .memoryPressure),
        ])) { $0.allowsBackgroundLocationUpdates = false }
        #expect(result.summary.verdict == .suspended)
        #expect(result.summary.suspendedAt == 40)
        #expect(result.summary.terminatedAt == 100)
        #expect(result.summary.exitCategory == .memoryPressureExit)
    }

    @Test func crashesAndForceQuitsHaveTheirCategories() {
        // Without the location mode, setting the flag at launch (0 s) raises the exception.
        let (crash, _) = runStandard(configuration(drive(seconds: 100), capabilities: SimCapabilities(backgroundModes: [])))
        #expect(crash.summary.terminatedAt == 0)
        #expect(crash.summary.exitCategory == .abnormalExit)
        #expect(crash.summary.exitedInForeground)  // on screen: MXForegroundExitData counts it
        let (quit, _) = runStandard(configuration(drive(seconds: 100), timeline: [SimScenarioEvent(at: 50, .forceQuit)]))
        #expect(quit.summary.terminatedAt == 50)
        #expect(quit.summary.exitCategory == .normalAppExit)  // "terminations by the app switcher" (MXForegroundExitData)
        #expect(quit.summary.exitedInForeground)
        // Swiped away while suspended: still counted on screen, where Apple counts the switcher's swipes.
        let (suspended, _) = runStandard(configuration(drive(seconds: 100), timeline: [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 80, .forceQuit),
        ])) { $0.allowsBackgroundLocationUpdates = false }
        #expect(suspended.summary.suspendedAt == 40)
        #expect(suspended.summary.exitCategory == .normalAppExit)
        #expect(suspended.summary.exitedInForeground)
        let loop = AppScript(reactions: [.launch: [.startUpdates], .error: [.startUpdates]])
        let overflow = KeepAliveSimulation(configuration(drive(seconds: 100), authorization: .denied), app: ScriptedApp(script: loop)).run()
        #expect(overflow.summary.exitCategory == .badAccess)
    }

    // MARK: The Info.plist lint (§7)

    @Test func aNavigationAppThatUsesItsModeHasNoFindings() {
        let (result, _) = runStandard(configuration(drive(seconds: 100), timeline: [SimScenarioEvent(at: 10, .enterBackground)]))
        #expect(result.summary.infoPlistFindings == [])
    }

    @Test func declaredModesNothingUsedAreFlagged() {
        // location is used (the flag is set); fetch and audio are declared for nothing in this run.
        let (result, _) = runStandard(configuration(drive(seconds: 100), timeline: [SimScenarioEvent(at: 10, .enterBackground)],
                                                    capabilities: SimCapabilities(backgroundModes: [.location, .fetch, .audio])))
        #expect(result.summary.infoPlistFindings == [.modeDeclaredButUnused(.fetch), .modeDeclaredButUnused(.audio)])
        #expect(result.summary.warnings == [.infoPlist(.modeDeclaredButUnused(.fetch)), .infoPlist(.modeDeclaredButUnused(.audio))])
        // In the event log (and JSON Lines) at the end of the run, after the task's 30 s warning at 40.
        #expect(log(result, [.warning]).map(\.time) == [40, 100, 100])
    }

    @Test func aModeUsedButNotDeclaredIsFlagged() {
        // iOS 17: setting the flag without the mode crashes, and the lint names the missing mode.
        let (crash, _) = runStandard(configuration(drive(seconds: 100), capabilities: SimCapabilities(backgroundModes: [.fetch])))
        #expect(crash.summary.infoPlistFindings == [.modeUsedButNotDeclared(.location), .modeDeclaredButUnused(.fetch)])
        // iOS 7: no flag; updates running in the background rely on the mode alone.
        let (old, _) = runStandard(configuration(drive(seconds: 100), profile: .iOS7, timeline: [SimScenarioEvent(at: 10, .enterBackground)],
                                                 capabilities: SimCapabilities(backgroundModes: [])))
        #expect(old.summary.infoPlistFindings == [.modeUsedButNotDeclared(.location)])
    }

    @Test func missingUsageStringsForARequestAreFlagged() {
        let (always, _) = runStandard(configuration(drive(seconds: 100), authorization: .notDetermined,
                                                    capabilities: SimCapabilities(alwaysAndWhenInUseUsageDescription: nil)))
        #expect(always.summary.infoPlistFindings.contains(.usageDescriptionMissing(.locationAlwaysAndWhenInUse)))
        #expect(!always.summary.infoPlistFindings.contains(.usageDescriptionMissing(.locationWhenInUse)))
        // A When In Use request needs only its own string.
        let (whenInUse, _) = runStandard(configuration(drive(seconds: 100), authorization: .notDetermined,
                                                       capabilities: SimCapabilities(alwaysAndWhenInUseUsageDescription: nil))) { $0.requestsAlways = false }
        #expect(!whenInUse.summary.infoPlistFindings.contains { if case .usageDescriptionMissing = $0 { true } else { false } })
    }
}
