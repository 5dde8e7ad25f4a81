import Foundation

/// The Location Push Service Extension (§16, iOS 15): an app authorized Always, with the
/// `com.apple.developer.location.push` entitlement and the extension, that has started
/// monitoring location pushes gets its extension run for each APNs `location` push, without
/// launching the app (no state change, no budget spent).
///
/// - Before iOS 15 (`locationPushes.firstIOSVersion`) the API does not exist: a warning, and the
///   start fails with `unsupportedPlatform`.
/// - The start fails with `missingEntitlement` without the entitlement, `missingPushExtension`
///   without the extension; monitoring lasts across processes until the app stops it.
/// - A push reaches the extension only while monitoring and while the app is authorized Always.
/// - The extension has `locationPushes.timeLimit` seconds to call its completion block;
///   `serviceExtensionWillTerminate()` comes `warningLead` seconds before, then it is terminated.
/// - Apple asks to "use push events sparingly" and keeps allocations: none are modelled.
///
/// It never holds, wakes or launches the app.
@MainActor
public final class LocationPushes: BackgroundMechanism {
    /// One push's extension while it runs.
    private struct Running {
        let instance: any SimLocationPushServiceExtension
        var located = false
        var work: [ScheduledWork] = []
    }

    /// Whether the app monitors location pushes now (it started, and did not stop).
    public private(set) var isMonitoring = false
    /// The error of the app's last failed start, while it does not monitor.
    private var lastFailure: SimLocationPushServiceError?
    private var pushes = 0
    private var running: [Int: Running] = [:]

    public init() {}

    /// Location pushes never hold the app.
    public func holdStatus(in system: SimSystem) -> SimHoldStatus { .notHolding(nil) }

    // MARK: The app's calls

    /// `startMonitoringLocationPushes`: the error it fails with, else nil (monitoring).
    func startMonitoring(in system: SimSystem) -> SimLocationPushServiceError? {
        let error: SimLocationPushServiceError?
        if system.profile.iOSVersion < system.profile.locationPushes.firstIOSVersion {
            system.emit(.warning(.locationPushes(.unavailable(profile: system.profile.name))))
            error = .unsupportedPlatform
        } else if !system.configuration.capabilities.locationPushEntitlement {
            error = .missingEntitlement
        } else if system.configuration.locationPushServiceExtension == nil {
            error = .missingPushExtension
        } else {
            error = nil
        }
        if let error {
            if !isMonitoring { lastFailure = error }
            system.emit(LocationPushEvent.monitoringFailed(error))
        } else {
            isMonitoring = true
            lastFailure = nil
            system.emit(LocationPushEvent.monitoringStarted)
        }
        return error
    }

    /// `stopMonitoringLocationPushes()`.
    func stopMonitoring(in system: SimSystem) {
        guard isMonitoring else { return }
        isMonitoring = false
        system.emit(LocationPushEvent.monitoringStopped)
    }

    // MARK: Pushes

    /// A `location` push arrives now.
    public func arrive(in system: SimSystem) {
        pushes += 1
        let push = pushes
        if let reason = dropReason(in: system) {
            system.emit(LocationPushEvent.dropped(push: push, reason))
            return
        }
        guard let make = system.configuration.locationPushServiceExtension else { return }
        system.emit(LocationPushEvent.arrived(push: push))
        let instance = make(SimLocationPushServiceExtensionContext(push: push, owner: self, system: system))
        let profile = system.profile.locationPushes
        var state = Running(instance: instance)
        state.work.append(system.scheduler.schedule(after: max(0, profile.timeLimit - profile.warningLead), owner: .mechanism) {
            [unowned self, unowned system] in
            guard let current = running[push] else { return }
            system.emit(LocationPushEvent.willTerminate(push: push))
            current.instance.serviceExtensionWillTerminate()
        })
        state.work.append(system.scheduler.schedule(after: profile.timeLimit, owner: .mechanism) { [unowned self, unowned system] in
            guard end(push) != nil else { return }
            system.emit(LocationPushEvent.terminated(push: push))
        })
        running[push] = state
        instance.didReceiveLocationPushPayload(["location-push": push]) { [weak self, weak system] in
            // Once only, and only while the extension runs.
            guard let self, let system, let ended = end(push) else { return }
            system.emit(LocationPushEvent.completed(push: push, located: ended.located))
        }
    }

    /// Why a push arriving now reaches no extension; nil when it reaches one.
    private func dropReason(in system: SimSystem) -> LocationPushEvent.DropReason? {
        if system.profile.iOSVersion < system.profile.locationPushes.firstIOSVersion { return .unavailable }
        guard isMonitoring else { return lastFailure.map { .monitoringFailed($0) } ?? .notMonitoring }
        let status = system.mechanism(LocationServices.self)?.authorization.effective ?? .notDetermined
        return status == .authorizedAlways ? nil : .notAlways(status)
    }

    /// Ends push `push`'s extension: its timers and pending work are cancelled.
    private func end(_ push: Int) -> Running? {
        guard let state = running.removeValue(forKey: push) else { return nil }
        state.work.forEach { $0.cancel() }
        return state
    }

    // MARK: The extension's calls

    func requestLocation(for push: Int, in system: SimSystem, _ handler: @escaping @MainActor (SimLocation?) -> Void) {
        guard running[push] != nil else { return }
        system.emit(LocationPushEvent.locationRequested(push: push))
        // The answer comes on a later turn, as Core Location's does. [model]
        schedule(for: push, after: 0, in: system) { [unowned self, unowned system] in
            let fix = SimLocationManager.fix(at: system.now, in: system)
            if let fix {
                running[push]?.located = true
                system.emit(LocationPushEvent.located(push: push, accuracy: fix.horizontalAccuracy))
            } else {
                system.emit(LocationPushEvent.locationUnavailable(push: push))
            }
            handler(fix)
        }
    }

    func schedule(for push: Int, after seconds: Double, in system: SimSystem, _ action: @escaping @MainActor () -> Void) {
        guard running[push] != nil else { return }
        let work = system.scheduler.schedule(after: max(0, seconds), owner: .mechanism) { [weak self] in
            guard self?.running[push] != nil else { return }
            action()
        }
        running[push]?.work.append(work)
    }

    public func runEnded(in system: SimSystem) {
        for push in running.keys.sorted() { _ = end(push) }
    }
}
