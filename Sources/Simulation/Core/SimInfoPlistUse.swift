/// What a mechanism used of the app's Info.plist in a run (§7), for the lint at the end of the run.
///
/// Each ``BackgroundMechanism`` reports its own use through ``BackgroundMechanism/infoPlistUse(in:)``;
/// the core compares the union with ``SimCapabilities`` once, when the run finishes.
///
/// ```swift
/// func infoPlistUse(in system: SimSystem) -> SimInfoPlistUse {
///     SimInfoPlistUse(backgroundModes: playedInBackground ? [.audio] : [])
/// }
/// ```
public struct SimInfoPlistUse: Hashable, Sendable, Codable {
    /// `UIBackgroundModes` entries the run relied on.
    public var backgroundModes: Set<SimBackgroundMode>
    /// Usage-description keys that requests made in the run need.
    public var usageDescriptions: Set<SimUsageDescription>
    /// `BGTaskScheduler` identifiers the run registered or submitted, for a check against
    /// `BGTaskSchedulerPermittedIdentifiers` (§12) once the capabilities list them.
    public var taskIdentifiers: Set<String>

    /// Creates a use; by default nothing is used.
    public init(backgroundModes: Set<SimBackgroundMode> = [], usageDescriptions: Set<SimUsageDescription> = [], taskIdentifiers: Set<String> = []) {
        self.backgroundModes = backgroundModes
        self.usageDescriptions = usageDescriptions
        self.taskIdentifiers = taskIdentifiers
    }

    /// Nothing used.
    public static let none = SimInfoPlistUse()
}

/// An Info.plist usage-description key (§5, §7).
public enum SimUsageDescription: String, Hashable, Sendable, Codable, CaseIterable {
    case locationWhenInUse = "NSLocationWhenInUseUsageDescription"
    /// Always from iOS 11 (with When In Use's).
    case locationAlwaysAndWhenInUse = "NSLocationAlwaysAndWhenInUseUsageDescription"
    /// Always on iOS 8–10.
    case locationAlways = "NSLocationAlwaysUsageDescription"
}
