/// `CLLocationPushServiceError.Code` (raw values as Core Location's): why
/// `startMonitoringLocationPushes` failed.
public enum SimLocationPushServiceError: Int, Error, Hashable, Sendable, Codable, CaseIterable {
    case unknown = 0
    /// The app has no location push service extension.
    case missingPushExtension = 1
    /// The app lacks the `aps-environment` entitlement (not modelled: always present).
    case missingPushServerEnvironment = 2
    /// The app lacks `com.apple.developer.location.push`.
    case missingEntitlement = 3
    /// The platform has no location pushes (the simulation answers it before iOS 15, where the
    /// API does not exist). [model]
    case unsupportedPlatform = 4
}
