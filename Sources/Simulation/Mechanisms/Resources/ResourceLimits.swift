import Foundation

/// The app's own CPU and memory use and the limits iOS puts on it in the background (§15).
///
/// The app's code reports what it uses (``SimApplication/useCPU(seconds:wakeups:)``,
/// ``SimApplication/setFootprint(megabytes:)``); CPU and wake-ups count only while the app runs
/// in the background, summed over each monitor's trailing window. Going over a limit kills the
/// app at once: the CPU and wake-ups monitors with the CPU resource limit exit, the footprint
/// limit with the memory resource limit exit. Critical memory pressure (a scenario event) kills
/// a background app that only a task or a wake's run holds. Nothing here holds the app.
@MainActor
public final class ResourceLimits: BackgroundMechanism {
    private var cpu = WindowLedger()
    private var wakeups = WindowLedger()
    /// The current process's footprint in MB.
    public private(set) var footprintMB = 0.0
    /// The what-if's pressure (``ResourceProfile/heldAppJetsamPerHour``): its own generator, from
    /// the run's seed, so that it changes no other draw.
    private var random = SeededRandom(seed: 0)
    /// The next moment of the what-if's pressure, while the app is in the background.
    private var heldJetsamWork: ScheduledWork?

    public init() {}

    public func installed(in system: SimSystem) {
        random = SeededRandom(seed: system.configuration.seed ^ 0x4A65_7473_616D_4841)  // "JetsamHA"
    }

    public func holdStatus(in system: SimSystem) -> SimHoldStatus { .notHolding(nil) }

    /// The app's code used `seconds` of CPU and woke `wakeupCount` times, now.
    func use(cpu seconds: Double, wakeups wakeupCount: Double, in system: SimSystem) {
        guard system.appState == .background else { return }
        let limits = system.profile.resources
        if seconds > 0, let limit = limits.cpuLimit {
            let (used, over) = cpu.add(seconds, at: system.now, window: limit.windowSeconds)
            if used > limit.allowed {
                kill(.cpuLimit(usedSeconds: used, overSeconds: over, limit: limit), blockingRelaunch: !limits.relaunchAfterCPUKill, in: system)
                return
            }
        }
        if wakeupCount > 0, let limit = limits.wakeupsLimit {
            let (count, over) = wakeups.add(wakeupCount, at: system.now, window: limit.windowSeconds)
            if count > limit.allowed {
                kill(.wakeupsLimit(wakeups: count, overSeconds: over, limit: limit), blockingRelaunch: !limits.relaunchAfterCPUKill, in: system)
            }
        }
    }

    /// Whether `count` more uses like the one just made (``use(cpu:wakeups:in:)`` now), each
    /// `interval` nanoseconds after the last, can be counted in one step: outside the background
    /// they count for nothing; in it, each monitor must hold only this repeating use, as many as
    /// its window holds, so that no further one changes its sum (it was not over, so none will be).
    func canRepeat(cpu seconds: Double, wakeups wakeupCount: Double, every interval: Int64, in system: SimSystem) -> Bool {
        guard system.appState == .background else { return true }
        let limits = system.profile.resources
        if seconds > 0, let limit = limits.cpuLimit,
           !cpu.isSteady(amount: seconds, every: interval, lastAt: system.now, window: limit.windowSeconds) { return false }
        if wakeupCount > 0, let limit = limits.wakeupsLimit,
           !wakeups.isSteady(amount: wakeupCount, every: interval, lastAt: system.now, window: limit.windowSeconds) { return false }
        return true
    }

    /// Counts `count` more uses that ``canRepeat(cpu:wakeups:every:in:)`` allowed.
    func repeatUse(cpu seconds: Double, wakeups wakeupCount: Double, every interval: Int64, count: Int, in system: SimSystem) {
        guard system.appState == .background else { return }
        let limits = system.profile.resources
        if seconds > 0, limits.cpuLimit != nil { cpu.extend(by: count, every: interval) }
        if wakeupCount > 0, limits.wakeupsLimit != nil { wakeups.extend(by: count, every: interval) }
    }

    /// The process's footprint becomes `megabytes`.
    func setFootprint(_ megabytes: Double, in system: SimSystem) {
        footprintMB = max(0, megabytes)
        checkFootprint(in: system)
    }

    private func checkFootprint(in system: SimSystem) {
        guard system.appState == .background, let limit = system.profile.resources.backgroundFootprintLimitMB, footprintMB > limit else { return }
        kill(.footprintLimit(footprintMB: footprintMB, limitMB: limit), blockingRelaunch: false, in: system)
    }

    private func kill(_ cause: ResourceCause, blockingRelaunch: Bool, in system: SimSystem) {
        system.terminate(because: .resources(cause), blockingRelaunch: blockingRelaunch)
    }

    /// Critical pressure: a suspended app is purged as by any pressure; a background app that
    /// only a budget-spending hold (a task, a wake's run) keeps is killed; one that a hold
    /// spending no budget keeps (location, audio) ranks higher and stays, unless the pressure
    /// `reachesHeldApps` (extreme: jetsam's next band, §15). [model]
    func criticalMemoryPressure(in system: SimSystem, reachesHeldApps: Bool = false) {
        guard system.appState == .background else {
            system.memoryPressure()
            return
        }
        if let hold = system.keepAlive {
            if reachesHeldApps {
                kill(.memoryPressureWhileHeld(hold.kind), blockingRelaunch: false, in: system)
            } else {
                system.emit(.scenario(.resources(.criticalPressureKept(hold))))
            }
        } else {
            kill(.criticalMemoryPressure, blockingRelaunch: false, in: system)
        }
    }

    public func appStateChanged(in system: SimSystem, from old: SimAppState) {
        if system.appState != .background {
            heldJetsamWork?.cancel()
            heldJetsamWork = nil
        }
        // Checked once the move to the background is complete, not inside it.
        guard system.appState == .background, old != .background else { return }
        system.scheduler.schedule(after: 0, owner: .mechanism) { [unowned self, unowned system] in checkFootprint(in: system) }
        scheduleHeldJetsam(in: system)
    }

    /// The what-if ``ResourceProfile/heldAppJetsamPerHour``: the next moment of pressure, an
    /// exponential wait at the rate, while the app stays in the background; at it, an app a
    /// location hold keeps is killed, any other left alone (and the next moment drawn). Idle
    /// time costs one draw per moment; the chain ends when the app leaves the background.
    private func scheduleHeldJetsam(in system: SimSystem) {
        heldJetsamWork?.cancel()
        heldJetsamWork = nil
        guard let rate = system.profile.resources.heldAppJetsamPerHour, rate > 0 else { return }
        let seconds = -log(1 - random.unit()) / rate * 3_600
        heldJetsamWork = system.scheduler.schedule(after: seconds, owner: .mechanism) { [unowned self, unowned system] in
            heldJetsamWork = nil
            guard system.appState == .background else { return }
            if let hold = system.keepAlive, hold.kind == .locationUpdates || hold.kind == .liveUpdates {
                kill(.memoryPressureWhileHeld(hold.kind), blockingRelaunch: false, in: system)
            } else {
                scheduleHeldJetsam(in: system)
            }
        }
    }

    public func processEnded(in system: SimSystem, process: Int, forceQuit: Bool) {
        cpu.reset()
        wakeups.reset()
        footprintMB = 0
    }
}

extension SimApplication {
    /// Simulator hook for the app's own work (§15): its code used `seconds` of CPU now and woke
    /// `wakeups` times. Counts toward the CPU and wake-ups limits only in the background.
    public func useCPU(seconds: Double, wakeups: Double = 1) {
        guard let system = liveSystem, system.appState.isRunning else { return }
        system.mechanism(ResourceLimits.self)?.use(cpu: seconds, wakeups: wakeups, in: system)
    }

    /// The process's memory footprint in MB (0 until the app sets it).
    public var footprintMB: Double { liveSystem?.mechanism(ResourceLimits.self)?.footprintMB ?? 0 }

    /// Simulator hook: the process's memory footprint becomes `megabytes` (§15).
    public func setFootprint(megabytes: Double) {
        guard let system = liveSystem, system.appState.isRunning else { return }
        system.mechanism(ResourceLimits.self)?.setFootprint(megabytes, in: system)
    }
}
