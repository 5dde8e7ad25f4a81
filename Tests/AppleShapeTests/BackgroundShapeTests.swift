import AppleDeclarations
import Foundation
import PlatformShapes
import Testing

// App logic that knows only the shapes, as NavApp writes it; here it is type-checked against
// Apple's declarations and run on the values Apple documents.

/// Configures a processing request through the shape.
@MainActor private func configure<Request: BackgroundProcessingTaskRequest>(_ request: Request, earliest: Date) {
    request.earliestBeginDate = earliest
    request.requiresExternalPower = true
    request.requiresNetworkConnectivity = true
}

/// Library.md's snippet, as compiled for iOS (BackgroundShapeSimTests runs it on the simulation).
@MainActor private func scheduleUpload<Scheduler: BackgroundTaskScheduling>(
    on scheduler: Scheduler, _ request: Scheduler.TaskRequest, after seconds: TimeInterval, from now: Date
) throws {
    request.earliestBeginDate = now.addingTimeInterval(seconds)
    try scheduler.submit(request)
}

/// A launch handler written once for any scheduler (not run: Apple's scheduler is a signature).
@MainActor private func registerUpload<Scheduler: BackgroundTaskScheduling>(_ scheduler: Scheduler, done: @escaping (Bool) -> Void) -> Bool {
    scheduler.register(forTaskWithIdentifier: "com.example.upload", using: nil) { task in
        task.expirationHandler = { task.setTaskCompleted(success: false) }
        done(true)
    }
}

@MainActor private func state(_ application: any BackgroundTasking) -> String {
    switch application.applicationState {
    case .active: return "active"
    case .inactive: return "inactive"
    case .background: return "background"
    default: return "not running"
    }
}

@MainActor @Suite struct BackgroundShapeTests {
    /// `UIApplication.State`'s case names and raw values are ``ApplicationState``'s, case by case.
    @Test(arguments: ApplicationState.allCases)
    func applicationStateCasesMatchApples(_ expected: ApplicationState) throws {
        let apples = try #require(UIApplication.State(rawValue: expected.rawValue))
        let shaped: any ApplicationRunState = apples
        #expect(shaped == expected)
        #expect(String(describing: apples) == String(describing: expected))
        #expect(ApplicationState.allCases.filter { shaped == $0 } == [expected])
        #expect(ApplicationState.allCases.filter { shaped != $0 }.count == 2)
    }

    /// The shape's static requirements are Apple's cases.
    @Test func genericCodeNamesApplesStates() {
        func states<State: ApplicationRunState>(_: State.Type) -> [State] { [.active, .inactive, .background] }
        #expect(states(UIApplication.State.self).map(\.rawValue) == [0, 1, 2])
    }

    @Test func aProcessingRequestReadsAndWritesThroughTheShape() {
        let request = BGProcessingTaskRequest(identifier: "com.example.clean")
        let shaped: any BackgroundProcessingTaskRequest = request
        // Apple's documented defaults.
        #expect(shaped.identifier == "com.example.clean")
        #expect(shaped.earliestBeginDate == nil)
        #expect(shaped.requiresExternalPower == false)
        #expect(shaped.requiresNetworkConnectivity == false)
        configure(request, earliest: Date(timeIntervalSince1970: 900))
        #expect(request.earliestBeginDate == Date(timeIntervalSince1970: 900))
        #expect(request.requiresExternalPower == true)
        #expect(request.requiresNetworkConnectivity == true)
    }

    @Test func anAppRefreshRequestIsApplesTaskRequest() {
        let request: BGTaskScheduler.TaskRequest = BGAppRefreshTaskRequest(identifier: "com.example.refresh")
        request.earliestBeginDate = Date(timeIntervalSince1970: 60)
        let shaped: any BackgroundTaskRequest = request
        #expect(shaped.identifier == "com.example.refresh")
        #expect(shaped.earliestBeginDate == Date(timeIntervalSince1970: 60))
    }

    /// What generic code names: Apple's concrete types, as the device will.
    @Test func theAssociatedTypesAreApples() {
        #expect(BGTaskScheduler.Task.self == BGTask.self)
        #expect(BGTaskScheduler.TaskRequest.self == BGTaskRequest.self)
        #expect(UIApplication.BackgroundTaskIdentifier.self == UIBackgroundTaskIdentifier.self)
        // The proof is that these compile: generic code over the shapes takes Apple's types.
        let _: (BGTaskScheduler, @escaping (Bool) -> Void) -> Bool = registerUpload
        let _: (UIApplication) -> String = state
        let _: (BGTaskScheduler, BGTaskRequest, TimeInterval, Date) throws -> Void = scheduleUpload
    }
}
