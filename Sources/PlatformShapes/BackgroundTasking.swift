import Foundation

/// The part of `UIApplication` that background-execution logic touches, in Apple's shape.
///
/// `SimApplication` (module `Simulation`) conforms, and on iOS so does `UIApplication` itself
/// (in this file, with no code of its own), so the same app code runs in the app and under the
/// simulation in a test:
///
/// ```swift
/// func flush<App: BackgroundTasking>(_ application: App, upload: (@escaping () -> Void) -> Void) {
///     var task = App.BackgroundTaskIdentifier.invalid
///     task = application.beginBackgroundTask(withName: "flush") { application.endBackgroundTask(task) }
///     upload { application.endBackgroundTask(task) }
/// }
/// ```
@MainActor
public protocol BackgroundTasking: AnyObject {
    /// `UIBackgroundTaskIdentifier`.
    associatedtype BackgroundTaskIdentifier: BackgroundTaskIdentifying
    /// `UIApplication.State`.
    associatedtype State: ApplicationRunState
    /// Whether the app is on screen and receiving events, on screen and not, or in the background.
    var applicationState: State { get }
    /// Seconds of background time left (`TimeInterval`); very large in the foreground.
    var backgroundTimeRemaining: TimeInterval { get }
    /// Asks for background time; the handler runs shortly before it is spent and must end the task.
    func beginBackgroundTask(withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)?) -> BackgroundTaskIdentifier
    /// Ends a background task.
    func endBackgroundTask(_ identifier: BackgroundTaskIdentifier)
}

/// `UIBackgroundTaskIdentifier`: what `beginBackgroundTask` returns.
public protocol BackgroundTaskIdentifying: RawRepresentable, Hashable, Sendable where RawValue == Int {
    /// What `beginBackgroundTask` returns when the app cannot run in the background.
    static var invalid: Self { get }
}

/// `UIApplication.State`, as static requirements an enum's cases satisfy: generic code writes
/// `application.applicationState == .background`. The simulation's state has more cases (an app
/// never observes itself suspended or terminated); they equal none of these three.
public protocol ApplicationRunState: Hashable, Sendable {
    /// On screen and receiving events.
    static var active: Self { get }
    /// On screen, not receiving events (a call, the app switcher).
    static var inactive: Self { get }
    /// Running in the background.
    static var background: Self { get }
}

/// `UIApplication.State`'s cases and raw values, for code over `any BackgroundTasking`:
/// `application.applicationState == .background` compiles there too, through the operators below.
public enum ApplicationState: Int, Hashable, Sendable, CaseIterable {
    case active = 0
    case inactive = 1
    case background = 2

    /// Whether `state`, of any application, is this case (by its static requirement, not a raw value:
    /// the simulation's state is not `Int`-backed).
    fileprivate func matches<State: ApplicationRunState>(_ state: State) -> Bool {
        switch self {
        case .active: state == State.active
        case .inactive: state == State.inactive
        case .background: state == State.background
        }
    }
}

// Generic rather than over `any ApplicationRunState` (an `any` value is opened to `State`): a
// concrete state type's own `==` then wins over these, where the existential one boxed the
// simulation's state at every comparison in its hot paths (issue 21).

/// Whether an application state of any application is `case`.
public func == <State: ApplicationRunState>(state: State, case: ApplicationState) -> Bool {
    `case`.matches(state)
}

/// Whether an application state of any application is not `case`.
public func != <State: ApplicationRunState>(state: State, case: ApplicationState) -> Bool {
    !`case`.matches(state)
}

/// Lets `switch application.applicationState { case .background: … }` match on `any BackgroundTasking`.
public func ~= <State: ApplicationRunState>(case: ApplicationState, state: State) -> Bool {
    `case`.matches(state)
}

#if canImport(UIKit) && os(iOS)
import UIKit

extension UIBackgroundTaskIdentifier: BackgroundTaskIdentifying {}
extension UIApplication.State: ApplicationRunState {}
extension UIApplication: BackgroundTasking {}
#endif
