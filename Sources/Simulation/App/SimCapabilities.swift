/// The parts of the app's Info.plist that decide what it may do in the background (§7).
public struct SimCapabilities: Hashable, Sendable, Codable {
    /// `UIBackgroundModes`.
    public var backgroundModes: Set<SimBackgroundMode>
    /// `NSLocationWhenInUseUsageDescription`; without it, authorization requests do nothing.
    public var whenInUseUsageDescription: String?
    /// The Always usage string: `NSLocationAlwaysAndWhenInUseUsageDescription` (iOS 11+, which
    /// needs When In Use's as well), or `NSLocationAlwaysUsageDescription` on iOS 8–10 — an app
    /// that supports both eras declares both keys with the same text.
    public var alwaysAndWhenInUseUsageDescription: String?

    /// Whether the Info.plist has the usage-description `key`.
    public func declares(_ key: SimUsageDescription) -> Bool {
        switch key {
        case .locationWhenInUse: whenInUseUsageDescription != nil
        case .locationAlwaysAndWhenInUse, .locationAlways: alwaysAndWhenInUseUsageDescription != nil
        }
    }
    /// `BGTaskSchedulerPermittedIdentifiers` (§12): the identifiers `BGTaskScheduler` may register
    /// and submit.
    public var permittedBackgroundTaskIdentifiers: [String] = []
    /// `NSLocationRequireExplicitServiceSession` (iOS 18, §10): no implicit service sessions, so
    /// live updates and monitors need an explicit `CLServiceSession`.
    public var requiresExplicitServiceSession = false
    /// The `com.apple.developer.location.push` entitlement (§16, iOS 15): without it, starting location pushes fails.
    public var locationPushEntitlement = false

    /// Whether `BGTaskSchedulerPermittedIdentifiers` permits `identifier`: listed as it is, or,
    /// with `wildcards` (iOS 26's continued processing tasks), by an entry in wildcard notation
    /// that ends in `.*` — `com.example.export.*` permits `com.example.export.42`. [doc]
    public func permitsTaskIdentifier(_ identifier: String, wildcards: Bool) -> Bool {
        if permittedBackgroundTaskIdentifiers.contains(identifier) { return true }
        guard wildcards else { return false }
        return permittedBackgroundTaskIdentifiers.contains { entry in
            guard entry.hasSuffix(".*") else { return false }
            let prefix = entry.dropLast()
            return identifier.count > prefix.count && identifier.hasPrefix(prefix)
        }
    }

    /// Creates capabilities; the defaults are those of a typical navigation app.
    public init(
        backgroundModes: Set<SimBackgroundMode> = [.location],
        whenInUseUsageDescription: String? = "Shows your position on the map and guides you.",
        alwaysAndWhenInUseUsageDescription: String? = "Keeps guiding you while the screen is off."
    ) {
        self.backgroundModes = backgroundModes
        self.whenInUseUsageDescription = whenInUseUsageDescription
        self.alwaysAndWhenInUseUsageDescription = alwaysAndWhenInUseUsageDescription
    }
}

/// A `UIBackgroundModes` entry.
public enum SimBackgroundMode: String, Hashable, Sendable, Codable, CaseIterable {
    case location
    case fetch
    case processing
    case remoteNotification = "remote-notification"
    case voip
    case audio
    case bluetoothCentral = "bluetooth-central"
    case bluetoothPeripheral = "bluetooth-peripheral"
    case externalAccessory = "external-accessory"
}
