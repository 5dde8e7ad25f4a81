import Foundation
import PlatformShapes

/// Keeps the saved routes fresh with an app refresh task, written with Apple's statics in their
/// shapes: `AppTaskScheduler.shared` (`BGTaskScheduler.shared` on the device), `AppClock.now`
/// (`Date()`), `AppProcessInfo.processInfo` (`ProcessInfo.processInfo`). In the tests each
/// resolves to the simulation that runs the app.
@MainActor
public final class RouteRefresh {
    /// The task's identifier, in `BGTaskSchedulerPermittedIdentifiers`.
    public static let identifier = "com.example.navapp.refresh"

    /// When each refresh ran, and whether Low Power Mode was on then.
    public private(set) var refreshes: [(date: Date, lowPowerMode: Bool)] = []
    /// Why the last request was refused: the scheduler's error code, `nil` when it was accepted.
    public private(set) var refusal: Int?

    /// `work` is the app's refresh; it calls its argument when done.
    private let work: (@escaping @MainActor () -> Void) -> Void

    public init(work: @escaping (@escaping @MainActor () -> Void) -> Void) {
        self.work = work
    }

    /// Registers the launch handler; call it before launch finishes.
    @discardableResult
    public func register() -> Bool {
        AppTaskScheduler.shared.register(forTaskWithIdentifier: Self.identifier, using: .main) { [weak self] task in
            MainActor.assumeIsolated { self?.run(task) }
        }
    }

    /// Asks for a refresh no sooner than `seconds` from now.
    public func schedule(after seconds: TimeInterval) {
        let request = AppRefreshTaskRequest(identifier: Self.identifier)
        request.earliestBeginDate = AppClock.now.addingTimeInterval(seconds)
        do {
            try AppTaskScheduler.shared.submit(request)
            refusal = nil
        } catch let error as AppTaskScheduler.Error {
            refusal = error.code.rawValue
        } catch {
            refusal = -1
        }
    }

    private func run(_ task: AppTask) {
        refreshes.append((AppClock.now, AppProcessInfo.processInfo.isLowPowerModeEnabled))
        task.expirationHandler = { task.setTaskCompleted(success: false) }
        work { task.setTaskCompleted(success: true) }
    }
}
