// UIKit's background-task declarations, copied by hand from Apple's documentation (iOS), each
// with its page; the rules of CoreLocation.swift apply. Not declared: `UIResponder` (UIApplication's
// superclass here is NSObject), availability attributes.
import Foundation

// https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/uikit/uibackgroundtaskidentifier/invalid
    // (`static let` in Apple's declaration; its value is not documented.)
    public static var invalid: UIBackgroundTaskIdentifier { declarationOnly() }
}

// https://developer.apple.com/documentation/uikit/uiapplication
@MainActor
open class UIApplication: NSObject {
    // https://developer.apple.com/documentation/uikit/uiapplication/state
    public enum State: Int, @unchecked Sendable {
        case active = 0
        case inactive = 1
        case background = 2
    }

    // https://developer.apple.com/documentation/uikit/uiapplication/shared
    open class var shared: UIApplication { declarationOnly() }
    // https://developer.apple.com/documentation/uikit/uiapplication/applicationstate
    open var applicationState: UIApplication.State { declarationOnly() }
    // https://developer.apple.com/documentation/uikit/uiapplication/backgroundtimeremaining
    open var backgroundTimeRemaining: TimeInterval { declarationOnly() }

    // https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(withname:expirationhandler:)
    nonisolated open func beginBackgroundTask(withName taskName: String?, expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil) -> UIBackgroundTaskIdentifier {
        declarationOnly()
    }
    // https://developer.apple.com/documentation/uikit/uiapplication/beginbackgroundtask(expirationhandler:)
    nonisolated open func beginBackgroundTask(expirationHandler handler: (@MainActor @Sendable () -> Void)? = nil) -> UIBackgroundTaskIdentifier {
        declarationOnly()
    }
    // https://developer.apple.com/documentation/uikit/uiapplication/endbackgroundtask(_:)
    nonisolated open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) { declarationOnly() }
}
