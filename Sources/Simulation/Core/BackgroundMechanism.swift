/// A way an app stays alive (or is woken) in the background, plugged into a ``SimSystem``.
///
/// Each mechanism owns its state and its scheduled work (cancelled when it no longer needs it),
/// hears of lifecycle changes through the callbacks below, and answers one question for the
/// core: does it hold the app running now, and if not, why not? The core combines the answers
/// with the budget; it never looks inside a mechanism. Every callback has an empty default.
///
/// ```swift
/// final class PlaysAudio: BackgroundMechanism {
///     var playing = false
///     func holdStatus(in system: SimSystem) -> SimHoldStatus {
///         playing ? .holding(SimHold(kind: .other("audio"), spendsBudget: false, isAssertion: false)) : .notHolding(nil)
///     }
/// }
/// simulation.system.install(PlaysAudio())
/// ```
/// `Docs/Model.md` ("How to add a mechanism") walks through one.
@MainActor
public protocol BackgroundMechanism: AnyObject {
    /// Whether, and how, the mechanism holds the app in the background now.
    func holdStatus(in system: SimSystem) -> SimHoldStatus
    /// The mechanism was installed.
    func installed(in system: SimSystem)
    /// The app's state changed from `old` to `system.appState`.
    func appStateChanged(in system: SimSystem, from old: SimAppState)
    /// App process `process` ended (`forceQuit` when the user swiped it away).
    func processEnded(in system: SimSystem, process: Int, forceQuit: Bool)
    /// The device went to sleep or woke.
    func deviceSleepChanged(in system: SimSystem)
    /// The budget ran out; assertions (tasks) run their expiration handlers now.
    func budgetExpired(in system: SimSystem)
    /// The run reached its end.
    func runEnded(in system: SimSystem)
    /// What the mechanism used of the Info.plist in the run so far (background modes, usage
    /// strings, task identifiers), for the lint of §7. Asked once, when the run finishes,
    /// before ``runEnded(in:)``; keep what it needs as the run goes, cheaply.
    func infoPlistUse(in system: SimSystem) -> SimInfoPlistUse
    /// The device's state (``SimSystem/device``) changed from `old` (§15).
    func deviceChanged(in system: SimSystem, from old: SimDevice)
}

extension BackgroundMechanism {
    public func installed(in system: SimSystem) {}
    public func appStateChanged(in system: SimSystem, from old: SimAppState) {}
    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {}
    public func deviceSleepChanged(in system: SimSystem) {}
    public func budgetExpired(in system: SimSystem) {}
    public func runEnded(in system: SimSystem) {}
    public func infoPlistUse(in system: SimSystem) -> SimInfoPlistUse { .none }
    public func deviceChanged(in system: SimSystem, from old: SimDevice) {}
}
