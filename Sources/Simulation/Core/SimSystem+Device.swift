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
        emit(.scenario, .scenario(.device(note)))
        for mechanism in mechanisms { mechanism.deviceChanged(in: self, from: old) }
        if device.lowPowerMode != old.lowPowerMode, let application {
            runAppCode { appDelegate?.applicationPowerStateDidChange(application) }
        }
        scheduleLowPowerModeOffer(from: old)
    }

    /// The run starts: the battery's offer is scheduled if it drains (none at the start itself).
    func deviceRunStarts() {
        scheduleLowPowerModeOffer(from: device)
    }

    /// The device is connected to power, or disconnected.
    public func setCharging(_ charging: Bool) {
        changeDevice(.charging(charging)) { $0.charging = charging }
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
        emit(.scenario, .scenario(.device(.lowPowerModeOffered(level: level, accepted: accepts))))
        if accepts { changeDevice(.lowPowerMode(true)) { $0.lowPowerMode = true } }
    }
}
