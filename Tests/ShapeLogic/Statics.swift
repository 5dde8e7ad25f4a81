import Foundation
import PlatformShapes

// App logic written with Apple's statics and error types, in their shapes (PlatformShapes only):
// `LocationUpdate.liveUpdates(_:)`, `AppTaskScheduler.shared`, `AppClock.now`,
// `AppProcessInfo.processInfo`, `AppNotificationCenter.default`, `LocationError`,
// `AppTaskScheduler.Error`. PlatformStaticsTests runs it on the simulation; on iOS each name is
// Apple's type (NavLogic's copy of this style is built for iOS by the macOS workflow).

/// Library.md's loop over Apple's static: the fixes' longitudes until the device is still.
@available(iOS 17.0, *)
@MainActor package func longitudesUntilStillFromTheStatic() async throws -> [Double] {
    var longitudes: [Double] = []
    for try await update in LocationUpdate.liveUpdates(.fitness) {
        if let fix = update.location { longitudes.append(fix.coordinate.longitude) }
        if update.isStationary { break }
    }
    return longitudes
}

/// Asks for an app refresh `seconds` from now; what came of it, in words: "submitted", or the
/// error's domain and code.
@MainActor package func submitRefresh(_ identifier: String, after seconds: TimeInterval) -> String {
    let request = AppRefreshTaskRequest(identifier: identifier)
    request.earliestBeginDate = AppClock.now.addingTimeInterval(seconds)
    do {
        try AppTaskScheduler.shared.submit(request)
        return "submitted"
    } catch let error as AppTaskScheduler.Error where error.code == .notPermitted {
        return "notPermitted \(AppTaskScheduler.Error.errorDomain) \(error.code.rawValue)"
    } catch let error as AppTaskScheduler.Error {
        return "\(AppTaskScheduler.Error.errorDomain) \(error.code.rawValue)"
    } catch {
        return "other"
    }
}

/// Registers the refresh handler; each launch completes after `work` seconds of app work
/// (`after`, the caller's timer) and is written down with the date it started.
@MainActor package func registerRefresh(_ identifier: String, launches: @escaping @MainActor (Date, String) -> Void,
                                        after: @escaping @MainActor (TimeInterval, @escaping @MainActor () -> Void) -> Void) -> Bool {
    AppTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
        MainActor.assumeIsolated {
            guard let refresh = task as? AppRefreshTask else { return }
            launches(AppClock.now, refresh.identifier)
            refresh.expirationHandler = { refresh.setTaskCompleted(success: false) }
            after(10) { refresh.setTaskCompleted(success: true) }
        }
    }
}

/// What a location error means to the app, matched as on the device (`error as? CLError`).
package func meaning(of error: any Error) -> String {
    if let error = error as? LocationError, error.code == .denied { return "denied: stop" }
    switch error {
    case LocationError.locationUnknown: return "unknown: keep trying"
    case LocationError.regionMonitoringDenied, LocationError.regionMonitoringFailure: return "region failed"
    default: return "other"
    }
}

/// Low Power Mode as the app hears it: each `NSProcessInfoPowerStateDidChange`, with the date it
/// came and what `isLowPowerModeEnabled` said then.
@MainActor package final class PowerStateWatcher {
    package private(set) var heard: [(date: Date, lowPowerMode: Bool)] = []
    package let atStart: Bool
    private var observer: (any NSObjectProtocol)?

    package init() {
        atStart = AppProcessInfo.processInfo.isLowPowerModeEnabled
        // `queue: nil`: the simulation posts on the main actor, at the instant the app hears it.
        observer = AppNotificationCenter.default.addObserver(forName: .NSProcessInfoPowerStateDidChange, object: nil, queue: nil) { [weak self] _ in
            MainActor.assumeIsolated {
                self?.heard.append((AppClock.now, AppProcessInfo.processInfo.isLowPowerModeEnabled))
            }
        }
    }
}

/// Lets go of a manager's delegate, as generic code can (`manager.delegate = nil`).
@MainActor package func detachDelegate<Manager: LocationManaging>(of manager: Manager) -> Bool {
    let had = manager.delegate != nil
    manager.delegate = nil
    return had
}
