import Foundation

#if !(canImport(CoreLocation) && os(iOS))
/// `CLError` in Apple's shape: Core Location's domain (`kCLErrorDomain`) and codes, with Apple's
/// raw values, so app code matches errors as it does on the device:
///
/// ```swift
/// func locationManager(_ manager: Manager, didFailWithError error: any Error) {
///     if let error = error as? LocationError, error.code == .denied { manager.stopUpdatingLocation() }
/// }
/// ```
///
/// On iOS `LocationError` is `CLError` itself; here a struct the simulation's manager delivers
/// (`didFailWithError`, `monitoringDidFailFor`). `catch LocationError.denied` matches too, as
/// `catch CLError.denied` does.
public struct LocationError: Error, CustomNSError, CustomStringConvertible, Hashable, Sendable {
    /// `CLError.Code`, with Core Location's raw values.
    public enum Code: Int, Hashable, Sendable, CaseIterable {
        /// No fix right now; Core Location keeps trying.
        case locationUnknown = 0
        /// The user denied the app location (or turned Location Services off).
        case denied = 1
        /// The network is unavailable.
        case network = 2
        /// The heading could not be determined.
        case headingFailure = 3
        /// Region monitoring is not allowed.
        case regionMonitoringDenied = 4
        /// A region could not be monitored.
        case regionMonitoringFailure = 5
        /// Region monitoring could not start at once.
        case regionMonitoringSetupDelayed = 6
        /// Region events may come late.
        case regionMonitoringResponseDelayed = 7
        /// A geocode found nothing.
        case geocodeFoundNoResult = 8
        /// A geocode found part of the answer.
        case geocodeFoundPartialResult = 9
        /// A geocode was cancelled.
        case geocodeCanceled = 10
        /// Deferred updates failed.
        case deferredFailed = 11
        /// Deferred updates need updates running.
        case deferredNotUpdatingLocation = 12
        /// Deferred updates need a finer accuracy.
        case deferredAccuracyTooLow = 13
        /// Deferred updates need no distance filter.
        case deferredDistanceFiltered = 14
        /// Deferred updates were cancelled.
        case deferredCanceled = 15
        /// Ranging is not possible.
        case rangingUnavailable = 16
        /// Ranging failed.
        case rangingFailure = 17
        /// The user did not grant the temporary authorization asked for.
        case promptDeclined = 18
        /// A historical location request failed.
        case historicalLocationError = 19
    }

    /// What went wrong.
    public let code: Code

    /// An error with `code`, as `CLError(_:)` makes one.
    public init(_ code: Code) {
        self.code = code
    }

    /// `kCLErrorDomain`.
    public static var errorDomain: String { "kCLErrorDomain" }
    /// The code's raw value, as `NSError.code` gives it.
    public var errorCode: Int { code.rawValue }
    /// Empty: the simulation sets no `alternateRegion`.
    public var errorUserInfo: [String: Any] { [:] }
    /// The code's name (`denied`), as the simulation's logs print it.
    public var description: String { "\(code)" }

    // Apple's shortcuts, for `catch LocationError.denied` and `error.code == LocationError.denied`.
    public static var locationUnknown: Code { .locationUnknown }
    public static var denied: Code { .denied }
    public static var network: Code { .network }
    public static var regionMonitoringDenied: Code { .regionMonitoringDenied }
    public static var regionMonitoringFailure: Code { .regionMonitoringFailure }
    public static var promptDeclined: Code { .promptDeclined }
}

extension LocationError.Code {
    /// Lets `catch LocationError.denied` match an error of this code.
    public static func ~= (match: LocationError.Code, error: any Error) -> Bool {
        (error as? LocationError)?.code == match
    }
}
#endif

#if canImport(CoreLocation) && os(iOS)
import CoreLocation

public typealias LocationError = CLError
#endif
