// The Background Tasks framework's declarations, copied by hand from Apple's documentation
// (iOS), each with its page; the rules of CoreLocation.swift apply. Not declared: the iOS 26
// continued processing types, `NSCopying`, `getPendingTaskRequests`, availability attributes.
import Dispatch
import Foundation

// https://developer.apple.com/documentation/backgroundtasks/bgtaskrequest
open class BGTaskRequest: NSObject {
    // https://developer.apple.com/documentation/backgroundtasks/bgtaskrequest/identifier
    open private(set) var identifier: String
    // https://developer.apple.com/documentation/backgroundtasks/bgtaskrequest/earliestbegindate ("Specify nil for no start delay")
    open var earliestBeginDate: Date?

    // Not Apple's: BGTaskRequest's own `init()` is unavailable; its subclasses set the identifier.
    init(identifier: String) {
        self.identifier = identifier
    }
}

// https://developer.apple.com/documentation/backgroundtasks/bgapprefreshtaskrequest
open class BGAppRefreshTaskRequest: BGTaskRequest {
    // https://developer.apple.com/documentation/backgroundtasks/bgapprefreshtaskrequest/init(identifier:)
    public override init(identifier: String) { super.init(identifier: identifier) }
}

// https://developer.apple.com/documentation/backgroundtasks/bgprocessingtaskrequest
open class BGProcessingTaskRequest: BGTaskRequest {
    // https://developer.apple.com/documentation/backgroundtasks/bgprocessingtaskrequest/requiresexternalpower (default false)
    open var requiresExternalPower = false
    // https://developer.apple.com/documentation/backgroundtasks/bgprocessingtaskrequest/requiresnetworkconnectivity (default false)
    open var requiresNetworkConnectivity = false

    // https://developer.apple.com/documentation/backgroundtasks/bgprocessingtaskrequest/init(identifier:)
    public override init(identifier: String) { super.init(identifier: identifier) }
}

// https://developer.apple.com/documentation/backgroundtasks/bgtask
open class BGTask: NSObject {
    // https://developer.apple.com/documentation/backgroundtasks/bgtask/identifier
    open var identifier: String { declarationOnly() }
    // https://developer.apple.com/documentation/backgroundtasks/bgtask/expirationhandler
    open var expirationHandler: (() -> Void)?
    // https://developer.apple.com/documentation/backgroundtasks/bgtask/settaskcompleted(success:)
    open func setTaskCompleted(success: Bool) { declarationOnly() }

    // Not Apple's: BGTask's `init()` is unavailable; the system makes tasks.
    override init() {}
}

// https://developer.apple.com/documentation/backgroundtasks/bgapprefreshtask
open class BGAppRefreshTask: BGTask {}

// https://developer.apple.com/documentation/backgroundtasks/bgprocessingtask
open class BGProcessingTask: BGTask {}

// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler
open class BGTaskScheduler: NSObject {
    // https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/shared
    open class var shared: BGTaskScheduler { declarationOnly() }

    // https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/register(fortaskwithidentifier:using:launchhandler:)
    open func register(forTaskWithIdentifier identifier: String, using queue: DispatchQueue?, launchHandler: @escaping (BGTask) -> Void) -> Bool {
        declarationOnly()
    }
    // https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/submit(_:)
    open func submit(_ taskRequest: BGTaskRequest) throws { declarationOnly() }
    // https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/cancel(taskrequestwithidentifier:)
    open func cancel(taskRequestWithIdentifier identifier: String) { declarationOnly() }
    // https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/cancelalltaskrequests()
    open func cancelAllTaskRequests() { declarationOnly() }

    // Not Apple's: the scheduler is only `shared`.
    override init() {}

    // https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error
    public struct Error: Swift.Error, CustomNSError, Hashable {
        // https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error/code
        // (raw values: BGTaskScheduler.h's BGTaskSchedulerErrorCode…)
        public enum Code: Int, Hashable, @unchecked Sendable {
            case unavailable = 1
            case tooManyPendingTaskRequests = 2
            case notPermitted = 3
            case immediateRunIneligible = 4
        }
        public let code: Code
        // Not Apple's page: the initializer every bridged error struct has.
        public init(_ code: Code, userInfo: [String: Any] = [:]) { self.code = code }
        // https://developer.apple.com/documentation/backgroundtasks/bgtaskschedulererrordomain
        public static var errorDomain: String { "BGTaskSchedulerErrorDomain" }
        // https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error/notpermitted (and the others)
        public static var unavailable: Code { .unavailable }
        public static var tooManyPendingTaskRequests: Code { .tooManyPendingTaskRequests }
        public static var notPermitted: Code { .notPermitted }
        public static var immediateRunIneligible: Code { .immediateRunIneligible }
    }
}
