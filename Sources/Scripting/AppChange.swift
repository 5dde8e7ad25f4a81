import Simulation

/// One change to an app, as `--explain` tries them and command-line options apply them to a
/// script: each is a pure transformation of an ``AppScript``.
public enum AppChange: Hashable, Sendable {
    /// The manager property always has this value: every `set` of it says so, and launch sets it first.
    case set(AppScript.ManagerSetting)
    /// `UIBackgroundModes` gains the mode.
    case declareBackgroundMode(SimBackgroundMode)
    /// The Info.plist gains both location usage descriptions.
    case declareUsageDescriptions
    /// Every `requestWhenInUseAuthorization()` becomes `requestAlwaysAuthorization()`.
    case requestAlways
    /// Every `requestAlwaysAuthorization()` becomes `requestWhenInUseAuthorization()`.
    case requestWhenInUse
    /// Every expiration handler ends its own task first.
    case endTasksInExpirationHandlers
    /// The app never begins (nor ends) a background task.
    case noBackgroundTasks
    /// The app never ends a background task.
    case neverEndTasks
    /// The app never stops its standard updates: the running session holds it (§4).
    case keepUpdatesRunning
    /// After a pause the app starts the significant-change service, and restarts standard
    /// updates when iOS wakes or relaunches it.
    case significantChangeFallback
    /// The app starts standard updates while it is on screen (at launch and when it comes
    /// back), not when it enters the background: a When In Use app may run them in the
    /// background only if they were started on screen (§4), with no new consent.
    case startUpdatesOnScreen
    /// After a pause the app monitors a region around its last fix, and restarts standard
    /// updates (and stops that region) when the user leaves it (§11): the geofence fallback.
    case regionFallback
    /// When an interruption of its audio ends, the app activates its session and plays again
    /// (`AVAudioSession.interruptionNotification` with `.shouldResume`, §13).
    case resumeAudioAfterInterruption
    /// Every push handler reports a call first (`CXProvider.reportNewIncomingCall`, §14).
    case reportEveryVoIPPush
    /// The app's own CPU work (`cpu`, busy loops) scaled by `fraction` (§15: the CPU limit).
    case scaleCPU(fraction: Double)
    /// When Low Power Mode ends, the app starts its standard updates again
    /// (`NSProcessInfoPowerStateDidChange`, §15): what brings back deliveries Low Power Mode stopped.
    case restartUpdatesWhenLowPowerModeEnds
    /// The app has the `com.apple.developer.location.push` entitlement (§16).
    case declareLocationPushEntitlement
    /// The app's location push extension (made if it has none) asks for a location and calls its
    /// completion block as soon as it comes (§16).
    case answerLocationPushesAtOnce
}

extension AppChange {
    /// The region `regionFallback` monitors.
    public static let fallbackRegion = "keepalive-fallback"
    /// Its radius, in metres: iOS counts an exit 200 m past it (§11); Apple advises at least 100 m.
    public static let fallbackRadius = 100.0
}

extension AppScript {
    /// The script with `change` made.
    public func applying(_ change: AppChange) -> AppScript {
        switch change {
        case .set(let setting):
            var script = mapActions { actions in
                actions.map { action in
                    guard case .set(let settings) = action else { return action }
                    return .set(settings.map { $0.property == setting.property ? setting : $0 })
                }
            }
            script.reactions[.launch, default: []].insert(.set([setting]), at: 0)
            return script
        case .declareBackgroundMode(let mode):
            var script = self
            script.info.backgroundModes.insert(mode)
            return script
        case .declareUsageDescriptions:
            var script = self
            let standard = SimCapabilities()
            script.info.whenInUseUsageDescription = info.whenInUseUsageDescription ?? standard.whenInUseUsageDescription
            script.info.alwaysAndWhenInUseUsageDescription = info.alwaysAndWhenInUseUsageDescription ?? standard.alwaysAndWhenInUseUsageDescription
            return script
        case .requestAlways:
            return mapActions { $0.map { $0 == .requestWhenInUse ? .requestAlways : $0 } }
        case .requestWhenInUse:
            return mapActions { $0.map { $0 == .requestAlways ? .requestWhenInUse : $0 } }
        case .endTasksInExpirationHandlers:
            var unnamed = 0
            return mapActions { actions in
                actions.map { action in
                    guard case .beginTask(let name, let variable, let onExpiry) = action else { return action }
                    let stored = variable ?? {
                        unnamed += 1
                        return "(task \(unnamed))"
                    }()
                    let endsItself = onExpiry.contains(.endTask(variable: stored))
                    return .beginTask(name: name, variable: stored, onExpiry: endsItself ? onExpiry : [.endTask(variable: stored)] + onExpiry)
                }
            }
        case .noBackgroundTasks:
            return mapActions { $0.filter { !$0.isTaskAction } }
        case .neverEndTasks:
            return mapActions { $0.filter { if case .endTask = $0 { false } else { true } } }
        case .keepUpdatesRunning:
            return mapActions { $0.filter { $0 != .stopUpdates } }
        case .significantChangeFallback:
            var script = self
            if !(reactions[.paused] ?? []).contains(.startSignificantChanges) {
                script.reactions[.paused, default: []].append(.startSignificantChanges)
            }
            if !(reactions[.wake] ?? []).contains(.startUpdates) {
                script.reactions[.wake, default: []].append(.startUpdates)
            }
            return script
        case .regionFallback:
            var script = self
            script.reactions[.paused, default: []].append(.regions(.monitor(latitude: nil, longitude: nil, radius: AppChange.fallbackRadius, id: AppChange.fallbackRegion)))
            script.reactions[.regionExit, default: []].append(contentsOf: [.startUpdates, .regions(.stopMonitoring(id: AppChange.fallbackRegion))])
            return script
        case .resumeAudioAfterInterruption:
            var script = self
            let resume: [AppScript.Action] = [.audio(.activateSession), .audio(.play(silent: false))]
            script.reactions[.interruption] = [.when(.interrupted, actions: [], otherwise: resume)]
            return script
        case .scaleCPU(let fraction):
            return mapActions { actions in
                actions.map { action in
                    if case .resources(let resource) = action { .resources(resource.cpuScaled(by: fraction)) } else { action }
                }
            }
        case .restartUpdatesWhenLowPowerModeEnds:
            var script = self
            script.reactions[.powerState, default: []].append(.when(.lowPowerMode, actions: [], otherwise: [.startUpdates]))
            return script
        case .declareLocationPushEntitlement: return withLocationPushEntitlement()
        case .answerLocationPushesAtOnce: return answeringLocationPushesAtOnce()
        case .reportEveryVoIPPush:
            var script = self
            if !(reactions[.push] ?? []).contains(.pushes(.reportCall)) { script.reactions[.push, default: []].insert(.pushes(.reportCall), at: 0) }
            return script
        case .startUpdatesOnScreen:
            var script = self
            script.reactions[.background] = reactions[.background]?.filter { $0 != .startUpdates }
            for trigger in [AppScript.Trigger.launch, .foreground] where !(script.reactions[trigger] ?? []).contains(.startUpdates) {
                script.reactions[trigger, default: []].append(.startUpdates)
            }
            return script
        }
    }

    /// The script with every change made, in order.
    public func applying(_ changes: [AppChange]) -> AppScript {
        changes.reduce(self) { $0.applying($1) }
    }
}

extension AppScript.Action {
    var isTaskAction: Bool {
        switch self {
        case .beginTask, .endTask: true
        default: false
        }
    }
}
