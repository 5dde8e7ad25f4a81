import PlatformShapes

/// `CLAuthorizationStatus`, with Core Location's raw values.
public enum SimAuthorizationStatus: Int32, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorizedAlways = 3
    case authorizedWhenInUse = 4

    public var description: String {
        switch self {
        case .notDetermined: "notDetermined"
        case .restricted: "restricted"
        case .denied: "denied"
        case .authorizedAlways: "authorizedAlways"
        case .authorizedWhenInUse: "authorizedWhenInUse"
        }
    }
}

/// `CLAccuracyAuthorization` (iOS 14).
public enum SimAccuracyAuthorization: Int, Hashable, Sendable, Codable {
    case fullAccuracy = 0
    case reducedAccuracy = 1
}

/// `CLError.Code`, the cases a location app meets, as the event log records them. The delegate
/// receives them as `LocationError` (``locationError``), Core Location's shape.
public enum SimLocationError: Int, Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// No fix right now; keep trying (kCLErrorLocationUnknown).
    case locationUnknown = 0
    /// Access denied; stop (kCLErrorDenied).
    case denied = 1
    /// Network unavailable (kCLErrorNetwork).
    case network = 2
    /// The user declined the prompt (kCLErrorPromptDeclined).
    case promptDeclined = 18
    // MARK: Regions (§11)
    /// Region monitoring is not allowed: denied, or reduced accuracy (kCLErrorRegionMonitoringDenied).
    case regionMonitoringDenied = 4
    /// The region could not be monitored, e.g. the app already monitors 20 (kCLErrorRegionMonitoringFailure).
    case regionMonitoringFailure = 5

    public var description: String {
        switch self {
        case .locationUnknown: "locationUnknown"
        case .denied: "denied"
        case .network: "network"
        case .promptDeclined: "promptDeclined"
        case .regionMonitoringDenied: "regionMonitoringDenied"
        case .regionMonitoringFailure: "regionMonitoringFailure"
        }
    }
}

extension SimLocationError {
    /// The error as the delegate receives it: Core Location's domain, the same code.
    public var locationError: LocationError {
        switch self {
        case .locationUnknown: LocationError(.locationUnknown)
        case .denied: LocationError(.denied)
        case .network: LocationError(.network)
        case .promptDeclined: LocationError(.promptDeclined)
        case .regionMonitoringDenied: LocationError(.regionMonitoringDenied)
        case .regionMonitoringFailure: LocationError(.regionMonitoringFailure)
        }
    }

    /// The case of `error`, a `LocationError` (or a `SimLocationError`, as delivered before
    /// Core Location's shape); `nil` for any other error, or a code the simulation never reports.
    public init?(_ error: any Error) {
        if let error = error as? SimLocationError {
            self = error
            return
        }
        // The simulation's raw values are Core Location's codes.
        guard let error = error as? LocationError else { return nil }
        self.init(rawValue: error.code.rawValue)
    }
}

/// `CLActivityType`: what the app tells Core Location it tracks; it sets how soon updates pause.
public enum SimActivityType: String, Hashable, Sendable, Codable, CaseIterable {
    case other
    case automotiveNavigation
    case fitness
    case otherNavigation
    case airborne
}

/// `desiredAccuracy` settings (`kCLLocationAccuracy…`), with Core Location's values in metres.
public enum SimAccuracy: String, Hashable, Sendable, Codable, CaseIterable {
    case bestForNavigation
    case best
    case nearestTenMeters
    case hundredMeters
    case kilometer
    case threeKilometers
    case reduced

    /// The `CLLocationAccuracy` value: −2, −1, 10, 100, 1000, 3000; `reduced` is 3000 on iOS 14+.
    public var meters: Double {
        switch self {
        case .bestForNavigation: -2
        case .best: -1
        case .nearestTenMeters: 10
        case .hundredMeters: 100
        case .kilometer: 1000
        case .threeKilometers, .reduced: 3000
        }
    }
}

/// `kCLDistanceFilterNone`.
public let simDistanceFilterNone: Double = -1
