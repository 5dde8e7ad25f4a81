#if !os(iOS)
import Foundation

/// What the shapes' statics reach off the device — ``AppClock/now``, `AppTaskScheduler.shared`,
/// `AppProcessInfo.processInfo`, `AppNotificationCenter.default`, `LocationUpdate.liveUpdates(_:)`:
/// the simulated device and process the calling code runs in. The simulation provides it; app
/// code never names it.
///
/// A static has no parameter to say which simulation asks, and a test process runs many at
/// once (parallel `swift test`), so the binding is a task-local value
/// (``SimulatedPlatformBinding/current``), not a global: each run binds its own for the code it
/// runs — the app's callbacks, and the tasks made in them, which inherit it — and a run in
/// another test, on another task, never sees it. Off any run the statics answer as a device
/// with nothing simulated: `Date()`, a scheduler that is unavailable, Low Power Mode off.
@MainActor
public protocol SimulatedPlatform: AnyObject, Sendable {
    /// `Date()` on the simulated device.
    var now: Date { get }
    /// `BGTaskScheduler.shared` of the running process.
    var taskScheduler: AppTaskScheduler { get }
    /// `ProcessInfo.processInfo`.
    var processInfo: AppProcessInfo { get }
    /// `NotificationCenter.default` of the simulated app.
    var notificationCenter: NotificationCenter { get }
    /// Starts `CLLocationUpdate.liveUpdates(_:)` for the running process.
    func liveUpdates(_ configuration: LocationUpdate.LiveConfiguration) -> LocationUpdate.Updates
}

/// The simulated platform the current task runs on; `nil` off any simulation.
public enum SimulatedPlatformBinding {
    /// Bound by the simulation for the span of a run (`$current.withValue(…)`); tasks made
    /// inside inherit it, `Task.detached` ones do not.
    @TaskLocal public static var current: (any SimulatedPlatform)?
}
#endif
