// Forwarders for the public names of `Simulation` renamed or moved since 0.1.0, so that code
// written against a tag compiles with warnings, not errors (Docs/CHANGELOG.md says how to
// migrate each). They go at 1.0. Forwarders older than this file stand beside what they forward
// to: `grep -rn '@available(\*, deprecated' Sources` lists them all.

extension SimProfile {
    /// The iOS major versions the profile models (0.2.0, a stored property then): setting it
    /// sets ``span`` to those whole major versions.
    @available(*, deprecated, message: "Use span, which splits eras at point releases (16.4).")
    public var coversVersions: ClosedRange<Int>? {
        get { span?.majors }
        set { span = newValue.map { SimOSVersionSpan(from: SimOSVersion($0.lowerBound), until: SimOSVersion($0.upperBound + 1)) } }
    }

    /// The iOS major version a run asked for (0.2.0, a stored property then): setting it asks
    /// for that major version's first release.
    @available(*, deprecated, renamed: "requestedOSVersion", message: "Versions carry their point release now (16.4).")
    public var requestedVersion: Int? {
        get { requestedOSVersion?.major }
        set { requestedOSVersion = newValue.map { SimOSVersion($0) } }
    }
}

extension BackgroundTaskScheduler {
    /// 0.1.0: the charger plugged in or out, when charging was the scheduler's.
    @available(*, deprecated, renamed: "SimSystem.setCharging(_:chargePerHour:)", message: "charging is the device's since 0.2.0: system.setCharging(charging)")
    public func setCharging(_ charging: Bool, in system: SimSystem) {
        system.setCharging(charging)
    }
}

/// 0.1.0's scenario action `.bgTasks(.setCharging(_:))`, which 0.2.0 moved to the device
/// (`.device(.setCharging(_:))`): a case cannot move to another enum, so `.bgTasks(_:)` takes this
/// too and gives the device's action.
@available(*, deprecated, message: "charging is the device's since 0.2.0: SimScenarioEvent.Action.device(.setCharging(_:))")
public struct MovedBGTaskScenarioAction: Hashable, Sendable {
    /// The action it stands for now.
    public let action: SimScenarioEvent.Action

    /// The charger plugged in or out.
    public static func setCharging(_ charging: Bool) -> MovedBGTaskScenarioAction {
        MovedBGTaskScenarioAction(action: .device(.setCharging(charging)))
    }
}

extension SimScenarioEvent.Action {
    /// 0.1.0's `.bgTasks(.setCharging(on))`: the device's `.device(.setCharging(on))`.
    @available(*, deprecated, message: "charging is the device's since 0.2.0: .device(.setCharging(_:))")
    public static func bgTasks(_ moved: MovedBGTaskScenarioAction) -> SimScenarioEvent.Action {
        moved.action
    }
}
