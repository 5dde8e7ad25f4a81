import Foundation
import Testing
import TestSupport
@testable import Simulation

// App logic written against PlatformShapes only (the same functions compile against Apple's
// declarations in AppleShapeTests), run on the simulation.

/// Asks for the upload at `now` + `seconds`, in Apple's `Date`.
@MainActor private func scheduleUpload<Scheduler: BackgroundTaskScheduling>(
    on scheduler: Scheduler, _ request: Scheduler.TaskRequest, after seconds: TimeInterval, from now: Date
) throws {
    request.earliestBeginDate = now.addingTimeInterval(seconds)
    try scheduler.submit(request)
}

/// Registers the upload's launch handler; the work ends through `finish`.
@MainActor private func registerUpload<Scheduler: BackgroundTaskScheduling>(
    _ scheduler: Scheduler, finish: @escaping (@escaping @MainActor () -> Void) -> Void
) -> Bool {
    scheduler.register(forTaskWithIdentifier: "com.example.upload", using: nil) { task in
        task.expirationHandler = { task.setTaskCompleted(success: false) }
        finish { task.setTaskCompleted(success: true) }
    }
}

/// Holds background time while `work` runs.
@MainActor private func flush<App: BackgroundTasking>(_ application: App, work: (@escaping @MainActor () -> Void) -> Void) -> App.BackgroundTaskIdentifier {
    let task = application.beginBackgroundTask(withName: "flush", expirationHandler: nil)
    guard task != .invalid else { return task }
    work { application.endBackgroundTask(task) }
    return task
}

@MainActor private func stateName(_ application: any BackgroundTasking) -> String {
    switch application.applicationState {
    case .active: return "active"
    case .inactive: return "inactive"
    case .background: return "background"
    default: return "not observed"
    }
}

@MainActor private final class UploadApp: SimAppDelegate {
    var seconds = false
    private(set) var heard: [String] = []

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        let accepted = registerUpload(application.taskScheduler) { done in application.schedule(after: 10, done) }
        heard.append("registered \(accepted) \(stateName(application))")
    }

    func applicationDidEnterBackground(_ application: SimApplication) {
        let task = flush(application) { end in application.schedule(after: 5, end) }
        heard.append("flush \(task) \(stateName(application)) \(application.backgroundTimeRemaining > 0)")
        let request = SimBGAppRefreshTaskRequest(identifier: "com.example.upload")
        do {
            if seconds {
                request.earliestBeginSeconds = application.clock.now.seconds + 900
                try application.taskScheduler.submit(request)
            } else {
                try scheduleUpload(on: application.taskScheduler, request, after: 900, from: application.currentDate)
            }
        } catch {
            heard.append("submit \(error)")
        }
    }
}

@MainActor @Suite struct BackgroundShapeSimTests {
    private func run(seconds: Bool, start: Date = Date(timeIntervalSince1970: 946_684_800)) -> (SimulationResult, [String]) {
        var profile = SimProfile.iOS17
        profile.bgTasks.launchDelay = 100...100
        profile.bgTasks.refresh = .fixed(seconds: 100)
        var info = SimCapabilities(backgroundModes: [.fetch])
        info.permittedBackgroundTaskIdentifiers = ["com.example.upload"]
        var trajectory = drive(seconds: 1_200, speed: 0)
        trajectory.startDate = start
        let configuration = SimulationConfiguration(trajectory: trajectory, profile: profile, capabilities: info,
                                                    timeline: [SimScenarioEvent(at: 60, .enterBackground)])
        let app = UploadApp()
        app.seconds = seconds
        let result = KeepAliveSimulation(configuration, app: app).run()
        return (result, app.heard)
    }

    private let record = SimBGTaskRecord(identifier: "com.example.upload", kind: .appRefresh)

    /// Leaves at 60: a `Date` 900 s after `currentDate` is 960 s into the run; plus the fixed
    /// 100 s delay, launched at 1060 and completed 10 s later.
    @Test(arguments: [Date(timeIntervalSince1970: 946_684_800), Date(timeIntervalSince1970: 1_790_000_000)])
    func shapedCodeSchedulesInDates(start: Date) {
        let (result, heard) = run(seconds: false, start: start)
        // Launch code runs inactive, as on iOS.
        #expect(heard == ["registered true inactive", "flush #1 background true"])
        #expect(log(result, [.bgTasks(.submit), .bgTasks(.launch), .bgTasks(.complete)]) == [
            At(60, .bgTasks(.submit(record, earliest: 960, launchAt: 1_060, replaced: false))),
            At(1_060, .bgTasks(.launch(record, seconds: 30, forced: false))),
            At(1_070, .bgTasks(.complete(record, success: true, seconds: 10))),
        ])
    }

    /// `earliestBeginSeconds`, the simulation's own form, asks for the same launch.
    @Test func secondsAskForTheSameLaunchAsDates() {
        let dates = run(seconds: false).0
        let seconds = run(seconds: true).0
        let kinds: Set<SimEvent.Kind> = [.bgTasks(.submit), .bgTasks(.launch), .bgTasks(.complete)]
        #expect(log(seconds, kinds) == log(dates, kinds))
        #expect(log(seconds, kinds).count == 3)
    }

    @Test func theRequestKeepsOneFormOfTheEarliestBegin() {
        let request = SimBGProcessingTaskRequest(identifier: "com.example.clean")
        request.earliestBeginSeconds = 30
        request.earliestBeginDate = Date(timeIntervalSince1970: 946_684_800 + 60)
        #expect(request.earliestBeginSeconds == nil)
        #expect(request.earliestBeginDate?.timeIntervalSince1970 == 946_684_860)
        #expect(request.earliestSeconds(startDate: Date(timeIntervalSince1970: 946_684_800)) == 60)
        request.earliestBeginSeconds = 45
        #expect(request.earliestBeginDate == nil)
        #expect(request.earliestSeconds(startDate: .distantPast) == 45)
        let shaped: any BackgroundProcessingTaskRequest = request
        #expect(shaped.requiresExternalPower == false)
        #expect(shaped.requiresNetworkConnectivity == false)
    }

    /// The simulation's own `==` (declared so that it wins over the shapes' generic one).
    @Test func simulationStatesEqualOnlyThemselves() {
        for a in SimAppState.allCases {
            for b in SimAppState.allCases {
                #expect((a == b) == (a.rawValue == b.rawValue))
                #expect((a != b) == (a.rawValue != b.rawValue))
            }
        }
        #expect(SimAppState.allCases.filter(\.isRunning) == [.active, .inactive, .background])
        #expect(SimAppState.allCases.filter(\.isForeground) == [.active, .inactive])
    }

    /// The states an app never observes equal none of `UIApplication.State`'s cases.
    @Test(arguments: SimAppState.allCases)
    func simulationStatesCompareWithApplesCases(_ state: SimAppState) {
        let shaped: any ApplicationRunState = state
        let matches = ApplicationState.allCases.filter { shaped == $0 }
        switch state {
        case .active: #expect(matches == [.active])
        case .inactive: #expect(matches == [.inactive])
        case .background: #expect(matches == [.background])
        case .notRunning, .suspended, .terminated: #expect(matches == [])
        }
    }
}
