import Foundation

/// The part of `UIApplication` that background-execution logic touches.
///
/// ``SimApplication`` conforms, and on iOS so does `UIApplication` itself (in this file), so the
/// same app code runs in the app and under the simulator in a test.
@MainActor
public protocol BackgroundTasking: AnyObject {
    associatedtype BackgroundTaskIdentifier: Hashable
    associatedtype State
    /// `UIApplication.State`.
    var applicationState: State { get }
    /// Seconds of background time left.
    var backgroundTimeRemaining: TimeInterval { get }
    /// Asks for background time; the handler runs when it is spent.
    func beginBackgroundTask(withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)?) -> BackgroundTaskIdentifier
    /// Ends a background task.
    func endBackgroundTask(_ identifier: BackgroundTaskIdentifier)
}

#if canImport(UIKit) && os(iOS)
import UIKit

extension UIApplication: BackgroundTasking {}
#endif
