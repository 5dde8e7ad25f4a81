import Foundation

/// The device's state (§15): the core changes it, tells the mechanisms, and offers Low Power Mode
/// when the battery runs down.
extension SimSystem {
    /// Changes the device's state, logs `note` and tells every mechanism.
    public func changeDevice(_ note: SimDeviceNote, _ change: (inout SimDevice) -> Void) {
        let old = device
        // The battery's level so far is settled first, so a change of drain or charging starts from it.
        device.batteryLevel = old.batteryLevel(at: now.seconds)
        device.batteryLevelSetAt = now.seconds
        change(&device)
        emit(.scenario(.device(note)))
        for mechanism in mechanisms { mechanism.deviceChanged(in: self, from: old) }
        // §9: the app hears these while it runs; a suspended app when it next runs, coalesced.
        if device.lowPowerMode != old.lowPowerMode {
            postToApp(DeviceNotification.powerState) { [unowned self] in
                guard let application else { return }
                appDelegate?.applicationPowerStateDidChange(application)
                application.notificationCenter.post(name: .NSProcessInfoPowerStateDidChange, object: powerStateSender)
            }
        }
        if device.thermalState != old.thermalState {
            postToApp(DeviceNotification.thermalState) { [unowned self] in
                if let application { appDelegate?.applicationThermalStateDidChange(application) }
            }
        }
        scheduleLowPowerModeOffer(from: old)
        scheduleLowPowerModeEnd()
        if device.lowPowerMode != old.lowPowerMode { scheduleAutoLock() }
    }

    /// `NSProcessInfoPowerStateDidChange`'s object: the process info app code reads.
    private var powerStateSender: Any {
        #if os(iOS)
        ProcessInfo.processInfo
        #else
        platform.processInfo
        #endif
    }

    /// The notifications of the device's state the app observes (§9), one key each for coalescing.
    private enum DeviceNotification: Hashable {
        /// `NSProcessInfoPowerStateDidChange`.
        case powerState
        /// `ProcessInfo.thermalStateDidChangeNotification`.
        case thermalState
    }

    /// The run starts: the battery's offer is scheduled if it drains (none at the start itself).
    func deviceRunStarts() {
        scheduleLowPowerModeOffer(from: device)
    }

    /// The device is connected to power, or disconnected; `chargePerHour`, when given, is the
    /// charger's rate from now on.
    public func setCharging(_ charging: Bool, chargePerHour: Double? = nil) {
        changeDevice(.charging(charging)) { device in
            device.charging = charging
            if let chargePerHour { device.batteryChargePerHour = chargePerHour }
        }
    }

    /// Ends Low Power Mode by itself when charging brings the battery to
    /// `profile.device.lowPowerModeEndsAtChargeLevel` (§15): at the instant the level reaches it
    /// at the charge rate. A later change of the device schedules its own end.
    private func scheduleLowPowerModeEnd() {
        let target = profile.device.lowPowerModeEndsAtChargeLevel
        let level = device.batteryLevel(at: now.seconds)
        guard device.lowPowerMode, device.charging, device.batteryChargePerHour > 0, level < target else { return }
        let seconds = (target - level) / device.batteryChargePerHour * 3_600
        let expected = device
        scheduler.schedule(after: seconds, owner: .system) { [unowned self] in
            guard device == expected else { return }
            emit(.scenario(.device(.lowPowerModeEndedByCharging(level: target))))
            changeDevice(.lowPowerMode(false)) { $0.lowPowerMode = false }
        }
    }

    // MARK: Low Power Mode's auto-lock (§15)

    /// The user interacted with the device now (the app came on screen, an unlock, a scripted
    /// user action): Low Power Mode's auto-lock counts from here.
    public func userInteracted() {
        idleTimer.lastUserInteraction = now
        scheduleAutoLock()
    }

    /// `UIApplication.isIdleTimerDisabled` of the current process (§15): false at every launch.
    var idleTimerDisabled: Bool { idleTimer.isDisabled }

    /// `UIApplication.isIdleTimerDisabled` of the running app changed.
    func setIdleTimerDisabled(_ disabled: Bool) {
        guard disabled != idleTimer.isDisabled else { return }
        idleTimer.isDisabled = disabled
        scheduleAutoLock()
    }

    /// Schedules Low Power Mode's auto-lock (§15): `profile.device.lowPowerModeAutoLockSeconds`
    /// after the user's last interaction, while the device is awake, unless the app on screen
    /// disabled the idle timer; none outside Low Power Mode (the Auto-Lock setting is not modelled).
    func scheduleAutoLock() {
        idleTimer.autoLockWork?.cancel()
        idleTimer.autoLockWork = nil
        guard device.lowPowerMode, !isAsleep, !(appState.isForeground && idleTimer.isDisabled) else { return }
        let due = idleTimer.lastUserInteraction.adding(seconds: profile.device.lowPowerModeAutoLockSeconds)
        idleTimer.autoLockWork = scheduler.schedule(at: max(due, now), owner: .system) { [unowned self] in
            idleTimer.autoLockWork = nil
            emit(.scenario(.device(.autoLocked(afterSeconds: profile.device.lowPowerModeAutoLockSeconds))))
            lock()
        }
    }

    /// Offers Low Power Mode when the battery falls to `profile.device.lowPowerModeOfferLevel`:
    /// at once when a change took it there from above, or later as it drains.
    private func scheduleLowPowerModeOffer(from old: SimDevice) {
        let offer = profile.device.lowPowerModeOfferLevel
        let level = device.batteryLevel(at: now.seconds)
        guard !device.lowPowerMode, level > 0 else { return }
        if old.batteryLevel(at: now.seconds) > offer, level <= offer {
            offerLowPowerMode(at: level)
            return
        }
        guard level > offer, !device.charging, device.batteryDrainPerHour > 0 else { return }
        let seconds = (level - offer) / device.batteryDrainPerHour * 3_600
        let expected = device
        scheduler.schedule(after: seconds, owner: .system) { [unowned self] in
            // A later change scheduled its own offer.
            guard device == expected, !device.lowPowerMode else { return }
            offerLowPowerMode(at: offer)
        }
    }

    private func offerLowPowerMode(at level: Double) {
        let accepts = profile.device.acceptsLowPowerModeOffer
        emit(.scenario(.device(.lowPowerModeOffered(level: level, accepted: accepts))))
        guard accepts else { return }
        // Accepting the offer is the user's tap: the auto-lock counts from it (§15).
        idleTimer.lastUserInteraction = now
        changeDevice(.lowPowerMode(true)) { $0.lowPowerMode = true }
    }
}
