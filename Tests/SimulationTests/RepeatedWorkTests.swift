import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// Issue 33: app work that repeats with a fixed use (a script's timer doing only `cpu`, or whose
/// condition does not hold; a busy loop) is counted over idle stretches in one step. The runs
/// must be exactly those that run every firing, events and summary alike; a run of a hundred
/// years then costs as much as its events, and what cannot be counted in one step is capped.
@MainActor @Suite struct RepeatedWorkTests {
    /// An app with no location: only `timers`, and `background` on entering the background.
    private func app(timers: [AppScript.Timer] = [], background: [AppScript.Action] = []) -> AppScript {
        AppScript(reactions: background.isEmpty ? [:] : [.background: background], timers: timers)
    }

    private func everySecond(_ actions: [AppScript.Action], while condition: AppScript.Timer.Condition = .always) -> AppScript.Timer {
        AppScript.Timer(every: 1, while: condition, actions: actions)
    }

    private func setUp(_ script: AppScript, seconds: Int, profile: SimProfile, timeline: [SimScenarioEvent], integrates: Bool,
                       duration: Double? = nil) -> KeepAliveSimulation {
        var configuration = configuration(drive(seconds: seconds), profile: profile, timeline: timeline)
        configuration.integratesRepeatedWork = integrates
        configuration.duration = duration
        return KeepAliveSimulation(configuration, app: ScriptedApp(script: script))
    }

    private static let background = [SimScenarioEvent(at: 60, .enterBackground)]

    /// Runs `script` both ways; expects the same events and summary, and returns both runs'
    /// results with how much work each took off the scheduler.
    @discardableResult
    private func expectSameRuns(_ script: AppScript, seconds: Int = 900, profile: SimProfile = exact(.iOS17),
                                timeline: [SimScenarioEvent] = background,
                                sourceLocation: SourceLocation = #_sourceLocation) -> (result: SimulationResult, steps: Int, perFiringSteps: Int) {
        let oneStep = setUp(script, seconds: seconds, profile: profile, timeline: timeline, integrates: true)
        let perFiring = setUp(script, seconds: seconds, profile: profile, timeline: timeline, integrates: false)
        let result = oneStep.run()
        let expected = perFiring.run()
        #expect(result.events == expected.events, sourceLocation: sourceLocation)
        #expect(result.summary == expected.summary, sourceLocation: sourceLocation)
        return (result, oneStep.system.scheduler.steps, perFiring.system.scheduler.steps)
    }

    private func onTime(_ result: SimulationResult) -> Int? {
        result.events.lazy.compactMap { event -> Int? in
            guard case .timers(.onTime(let count)) = event.detail else { return nil }
            return count
        }.first
    }

    // MARK: The same runs, counted in one step or firing by firing

    /// Under the debugger nothing suspends the app: 1 ms a second never nears the CPU monitor
    /// (80 % over 60 s), so every firing from 60 to 900 is on time, counted almost all in one step.
    @Test func aTimerDoingOneMillisecondUnderTheDebugger() {
        let runs = expectSameRuns(app(timers: [everySecond([.resources(.cpu(seconds: 0.001))])]), profile: exact(.debugger))
        #expect(onTime(runs.result) == 841)
        #expect(runs.steps < runs.perFiringSteps / 2)
    }

    /// 0.9 s a second in the background: the 54th firing from 60 brings the window to 48.6 s,
    /// over 48; the kill, at 113, is the same whichever way the firings before it were counted.
    @Test func aTimerOverTheCPULimitIsKilledAtTheSameFiring() {
        let runs = expectSameRuns(app(timers: [everySecond([.resources(.cpu(seconds: 0.9))])]), profile: exact(.debugger))
        #expect(runs.result.summary.terminatedAt == 113)
        #expect(runs.result.summary.causes == [.resources(.cpuLimit(usedSeconds: 54 * 0.9, overSeconds: 53,
                                                                    limit: ResourceProfile.WindowLimit(perSecond: 0.8, windowSeconds: 60)))])
    }

    /// 0.79 s a second stays under 48 s a window for ever: a steady window, counted in one step.
    @Test func aTimerJustUnderTheCPULimitRunsToTheEnd() {
        let runs = expectSameRuns(app(timers: [everySecond([.resources(.cpu(seconds: 0.79))])]), profile: exact(.debugger))
        #expect(runs.result.summary.terminatedAt == nil)
        #expect(onTime(runs.result) == 841)
        #expect(runs.steps < runs.perFiringSteps / 2)
    }

    /// A 7-s timer: its window holds 9 firings (0, 7, … 56 before the newest), not a whole number of periods.
    @Test func aTimerWhosePeriodDoesNotDivideTheWindow() {
        let timer = AppScript.Timer(every: 7, actions: [.resources(.cpu(seconds: 5.3))])
        let runs = expectSameRuns(app(timers: [timer]), seconds: 3_000, profile: exact(.debugger))
        #expect(runs.result.summary.terminatedAt == nil)
    }

    /// A timer for the background on screen does nothing, whatever its actions: counted in one step.
    @Test func aBackgroundTimerOnScreenIsSkipped() {
        let runs = expectSameRuns(app(timers: [everySecond([.log("tick"), .startUpdates], while: .background)]), timeline: [])
        #expect(runs.result.events.contains { $0.kind == .appLog } == false)
        #expect(runs.steps < runs.perFiringSteps / 2)
    }

    /// A navigation app held by location in the background, its fixes coming every second between
    /// the timer's firings: nothing to count in one step, and nothing changes.
    @Test func aTimerBesideFixesEverySecond() {
        var script = NavigationApp.script
        script.timers = [everySecond([.resources(.cpu(seconds: 0.3))])]
        expectSameRuns(script, seconds: 600)
    }

    /// A busy loop at 90 % from 60 under the debugger: killed at 114, as counted one by one.
    @Test func aBusyLoopOverTheLimitIsKilledAtTheSameSecond() {
        let runs = expectSameRuns(app(background: [.resources(.busyLoop(seconds: 500, cpu: 0.9, wakeups: 0))]), profile: exact(.debugger))
        #expect(runs.result.summary.terminatedAt == 114)
    }

    /// A busy loop at 50 % with 149 wake-ups a second (the wake-ups monitor allows 150) for
    /// 2,000.5 s: 2,000 whole steps and a half one. The first 300 run one by one, until the
    /// wake-ups monitor's 300-s window holds only the loop's.
    @Test func aBusyLoopUnderTheLimits() {
        let runs = expectSameRuns(app(background: [.resources(.busyLoop(seconds: 2_000.5, cpu: 0.5, wakeups: 149))]),
                                  seconds: 3_000, profile: exact(.debugger))
        #expect(runs.result.summary.terminatedAt == nil)
        #expect(onTime(runs.result) == 2_001)
        #expect(runs.steps < runs.perFiringSteps / 2)
    }

    /// A busy loop and a timer at once, with the app brought back and sent away again, and
    /// locked: every change of state falls between steps counted in one go.
    @Test func aBusyLoopAndATimerAcrossStateChanges() {
        let script = app(timers: [AppScript.Timer(every: 3, while: .background, actions: [.resources(.cpu(seconds: 0.2))])],
                         background: [.resources(.busyLoop(seconds: 200, cpu: 0.4, wakeups: 3))])
        expectSameRuns(script, profile: exact(.debugger), timeline: [
            SimScenarioEvent(at: 60, .enterBackground), SimScenarioEvent(at: 250.5, .returnToForeground),
            SimScenarioEvent(at: 400, .enterBackground), SimScenarioEvent(at: 470, .lock),
        ])
    }

    /// On a device the app is suspended once nothing holds it: the timer stops with it.
    @Test func aTimerInASuspendedApp() {
        expectSameRuns(app(timers: [everySecond([.resources(.cpu(seconds: 0.01))])]))
    }

    // MARK: A hundred years

    /// A 1-s timer doing `cpu: 1ms` in the background under the debugger for 100 years: every
    /// firing from 60 to the end (3,155,760,000) is on time, and the run takes a handful of steps.
    @Test func aHundredYearsOfAOneSecondTimer() {
        let simulation = setUp(app(timers: [everySecond([.resources(.cpu(seconds: 0.001))])]), seconds: 60, profile: exact(.debugger),
                               timeline: Self.background, integrates: true, duration: SimLimits.maximumSeconds)
        let result = simulation.run()
        #expect(onTime(result) == 3_155_760_000 - 60 + 1)
        #expect(result.summary.terminatedAt == nil)
        #expect(result.firingLimitReachedAt == nil)
        #expect(simulation.system.scheduler.steps < 1_000)
    }

    /// A busy loop at 50 % for 99 years under the debugger: each second's step counted.
    @Test func ninetyNineYearsOfABusyLoop() {
        let seconds = 99 * 365.25 * 86_400
        let simulation = setUp(app(background: [.resources(.busyLoop(seconds: seconds, cpu: 0.5, wakeups: 2))]), seconds: 60,
                               profile: exact(.debugger), timeline: Self.background, integrates: true, duration: SimLimits.maximumSeconds)
        let result = simulation.run()
        #expect(onTime(result) == Int(seconds))
        #expect(result.summary.terminatedAt == nil)
        #expect(simulation.system.scheduler.steps < 1_000)
    }

    /// What cannot be counted in one step (two `cpu` actions a firing) stops at the firing cap:
    /// the 101st firing, at 101, past a cap of 100.
    @Test func firingsThatCannotBeCountedInOneStepStopAtTheCap() {
        var configuration = configuration(drive(seconds: 60), profile: exact(.debugger), timeline: Self.background)
        configuration.duration = SimLimits.maximumSeconds
        configuration.maximumTimerFirings = 100
        let script = app(timers: [everySecond([.resources(.cpu(seconds: 0.001)), .resources(.cpu(seconds: 0.001))])])
        let result = KeepAliveSimulation(configuration, app: ScriptedApp(script: script)).run()
        #expect(result.firingLimitReachedAt == 101)
    }
}
