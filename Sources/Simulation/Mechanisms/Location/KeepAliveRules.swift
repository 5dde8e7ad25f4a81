/// §4's iOS 16.4 rule: from 16.4 an Always app with the background location indicator hidden,
/// with standard updates and significant-change monitoring both running, and a coarse
/// `distanceFilter` or `desiredAccuracy`, gets no keep-alive from its updates: the ordinary rules
/// apply (grace, its tasks' budget), then suspension. Exempt: the indicator shown, any When In Use
/// app, `distanceFilter` none with accuracy 100 m or finer. [dts][obs] Evidence: an Apple
/// engineer's answer on forum thread 726945 ("turn on the location indicator, which will avoid
/// the issue"), DTS on thread 776698 (2025), transistorsoft changelogs 4.11.0/4.12.0,
/// flutter_background_geolocation #1021 and #1347. The parameters are [model].
public struct HiddenIndicatorRule: Hashable, Sendable, Codable {
    /// The first release the rule holds in; `nil`: never (a what-if).
    public var fromVersion: SimOSVersion? = SimOSVersion(16, 4)
    /// Whether the rule needs significant-change monitoring running beside the updates.
    public var needsSignificantChanges = true
    /// Metres: a `desiredAccuracy` coarser than this is coarse (the value the app set: the rule
    /// is about what the app asks for).
    public var accuracyThreshold: Double = 100

    public init() {}

    /// Whether the rule ends the keep-alive of updates with these settings on a device at `version`.
    public func applies(at version: SimOSVersion, alwaysAuthorized: Bool, indicatorShown: Bool, significantChangesOn: Bool,
                 distanceFilter: Double, desiredAccuracy: Double) -> Bool {
        guard let fromVersion, version >= fromVersion, alwaysAuthorized, !indicatorShown else { return false }
        if needsSignificantChanges, !significantChangesOn { return false }
        return distanceFilter > 0 || desiredAccuracy > accuracyThreshold
    }
}

/// The kinds of background run in which starting standard updates may start a keep-alive
/// session (§4 "Starting in the background"): an app the system launched or woke in the
/// background for anything else gets updates that deliver only while something else holds it
/// (DTS, thread 776698: "if the app was activated in the background for any reason other than an
/// SLC callback, updates stop after a few seconds"). Updates started by an app still running in
/// the background after being on screen keep it alive whatever this list says.
public enum KeepAliveStartWake: String, Hashable, Sendable, Codable, CaseIterable {
    case significantChange, region, visit, monitor, liveUpdates, bgTask, push, transfer

    /// The kind of `reason`.
    public init(_ reason: SimWakeReason) {
        switch reason {
        case .significantLocationChange: self = .significantChange
        case .regions: self = .region
        case .visits: self = .visit
        case .monitor: self = .monitor
        case .liveUpdates: self = .liveUpdates
        case .bgTasks: self = .bgTask
        case .pushes: self = .push
        case .transfers: self = .transfer
        }
    }

    /// The default, after DTS: only a significant-change wake. [dts]
    public static let significantChangeOnly: Set<KeepAliveStartWake> = [.significantChange]
    /// The lenient what-if of §4: region and visit wakes too. [model]
    public static let lenient: Set<KeepAliveStartWake> = [.significantChange, .region, .visit]
}
