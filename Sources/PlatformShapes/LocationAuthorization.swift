// Apple's enumerations as protocols with their case names as static requirements (an enum's
// cases satisfy them): generic code writes `manager.authorizationStatus == .authorizedAlways`.
// Code over `any LocationManaging` sees `any LocationAuthorizationStatus`, which is not
// Equatable; the operators at the end compare it with ``LocationAuthorization``, a concrete enum
// with Apple's names and raw values, so the same line compiles there too.

/// `CLAuthorizationStatus`: what the user allows the app.
public protocol LocationAuthorizationStatus: RawRepresentable, Hashable, Sendable where RawValue == Int32 {
    static var notDetermined: Self { get }
    static var restricted: Self { get }
    static var denied: Self { get }
    static var authorizedAlways: Self { get }
    static var authorizedWhenInUse: Self { get }
}

/// `CLAccuracyAuthorization` (iOS 14): precise or approximate location.
public protocol LocationAccuracyAuthorization: RawRepresentable, Hashable, Sendable where RawValue == Int {
    static var fullAccuracy: Self { get }
    static var reducedAccuracy: Self { get }
}

/// `CLActivityType`: what the app tracks; it sets how soon updates pause.
public protocol LocationActivityType: Hashable, Sendable {
    static var other: Self { get }
    static var automotiveNavigation: Self { get }
    static var fitness: Self { get }
    static var otherNavigation: Self { get }
    static var airborne: Self { get }
}

/// `CLAuthorizationStatus`'s cases and raw values, for code over `any LocationManaging`:
///
/// ```swift
/// func canTrack(_ manager: any LocationManaging) -> Bool {
///     switch manager.authorizationStatus {
///     case .authorizedAlways, .authorizedWhenInUse: return true
///     default: return false
///     }
/// }
/// ```
///
/// Write the match as a switch statement, as here: Swift 6.3 cannot type-check it as a switch
/// expression (`case …: true` without `return`) on an existential.
public enum LocationAuthorization: Int32, Hashable, Sendable, CaseIterable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorizedAlways = 3
    case authorizedWhenInUse = 4
}

/// `CLAccuracyAuthorization`'s cases and raw values, for code over `any LocationManaging`.
public enum LocationAccuracy: Int, Hashable, Sendable, CaseIterable {
    case fullAccuracy = 0
    case reducedAccuracy = 1
}

/// Whether an authorization status of any manager is `case`.
public func == (status: any LocationAuthorizationStatus, case: LocationAuthorization) -> Bool {
    status.rawValue == `case`.rawValue
}

/// Whether an authorization status of any manager is not `case`.
public func != (status: any LocationAuthorizationStatus, case: LocationAuthorization) -> Bool {
    status.rawValue != `case`.rawValue
}

/// Lets `switch manager.authorizationStatus { case .authorizedAlways: … }` match on `any LocationManaging`.
public func ~= (case: LocationAuthorization, status: any LocationAuthorizationStatus) -> Bool {
    status.rawValue == `case`.rawValue
}

/// Whether an accuracy authorization of any manager is `case`.
public func == (accuracy: any LocationAccuracyAuthorization, case: LocationAccuracy) -> Bool {
    accuracy.rawValue == `case`.rawValue
}

/// Whether an accuracy authorization of any manager is not `case`.
public func != (accuracy: any LocationAccuracyAuthorization, case: LocationAccuracy) -> Bool {
    accuracy.rawValue != `case`.rawValue
}

/// Lets `switch manager.accuracyAuthorization` match on `any LocationManaging`.
public func ~= (case: LocationAccuracy, accuracy: any LocationAccuracyAuthorization) -> Bool {
    accuracy.rawValue == `case`.rawValue
}
