/// `CLLocationUpdate.liveUpdates(_:)` (iOS 17) in Apple's shape, as a value app code is given:
/// `for try await update in source.liveUpdates(.fitness)` reads as Apple's
/// `for try await update in CLLocationUpdate.liveUpdates(.fitness)`.
///
/// Apple's is a static function of `CLLocationUpdate`. A static cannot reach the simulated app
/// that asks (a test runs many simulations, each with its own process), so app code takes the
/// source as a value: on the device `CoreLocationLiveUpdates` (in this file, iOS only), which
/// calls Apple's static; in a test `application.liveUpdateSource` (module `Simulation`), bound
/// to its application.
///
/// ```swift
/// func longitudesUntilStill<Source: LiveLocationUpdating>(_ source: Source) async throws -> [Double] {
///     var longitudes: [Double] = []
///     for try await update in source.liveUpdates(.fitness) {
///         if let fix = update.location { longitudes.append(fix.coordinate.longitude) }
///         if update.isStationary { break }   // leaving the loop ends the updates, as on the device
///     }
///     return longitudes
/// }
/// ```
///
/// Apple's sequence throws as it is iterated (not when it is made), so write `for try await`:
/// the simulation's never throws, and generic code cannot know that.
@MainActor
public protocol LiveLocationUpdating {
    /// `CLLocationUpdate.LiveConfiguration`.
    associatedtype LiveConfiguration: LiveUpdateConfiguration
    /// `CLLocationUpdate`.
    associatedtype Update: LocationUpdateValue
    /// `CLLocationUpdate.Updates`: an async sequence of ``Update`` whose iteration may throw.
    associatedtype Updates: AsyncSequence where Updates.Element == Update

    /// Starts updates for `configuration`; they end when the loop over them ends.
    func liveUpdates(_ configuration: LiveConfiguration) -> Updates
}

extension LiveLocationUpdating {
    /// `liveUpdates()`: Apple's default configuration, `.default`.
    public func liveUpdates() -> Updates { liveUpdates(.default) }
}

/// `CLLocationUpdate.LiveConfiguration`: which kind of updates, as Apple's case names (an
/// enum's cases satisfy them).
public protocol LiveUpdateConfiguration: Hashable {
    static var `default`: Self { get }
    static var automotiveNavigation: Self { get }
    static var otherNavigation: Self { get }
    static var fitness: Self { get }
    static var airborne: Self { get }
}

/// `CLLocationUpdate` (iOS 17): one live update.
public protocol LocationUpdateValue {
    /// `CLLocation`.
    associatedtype Location: LocationFix
    /// The fix; `nil` when the update carries no location.
    var location: Location? { get }
    /// Updates stop because the device is still; they resume when it moves.
    var isStationary: Bool { get }
}

/// `CLLocationUpdate`'s diagnostics (iOS 18): why updates do not come, one Boolean each.
/// Apple's conformance is iOS 18 only; generic code asks for it with
/// `where Source.Update: LocationUpdateDiagnostics`.
public protocol LocationUpdateDiagnostics: LocationUpdateValue {
    /// iOS 18's name for ``LocationUpdateValue/isStationary``.
    var stationary: Bool { get }
    /// The app has approximate location only.
    var accuracyLimited: Bool { get }
    /// The user denied the app location.
    var authorizationDenied: Bool { get }
    /// Location services are off for the whole device.
    var authorizationDeniedGlobally: Bool { get }
    /// The authorization prompt is on screen.
    var authorizationRequestInProgress: Bool { get }
    /// Location is restricted (parental controls, a profile).
    var authorizationRestricted: Bool { get }
    /// When In Use, and the app is not in use (no session, not on screen).
    var insufficientlyInUse: Bool { get }
    /// No fix can be had now.
    var locationUnavailable: Bool { get }
    /// The app declared `NSLocationRequireExplicitServiceSession` and holds no `CLServiceSession`.
    var serviceSessionRequired: Bool { get }
}

#if canImport(CoreLocation) && os(iOS)
import CoreLocation

@available(iOS 17.0, *)
extension CLLocationUpdate.LiveConfiguration: LiveUpdateConfiguration {}
@available(iOS 17.0, *)
extension CLLocationUpdate: LocationUpdateValue {}
@available(iOS 18.0, *)
extension CLLocationUpdate: LocationUpdateDiagnostics {}
/// The device's live updates: Apple's `CLLocationUpdate.liveUpdates(_:)`, as a value.
@available(iOS 17.0, *)
public struct CoreLocationLiveUpdates: LiveLocationUpdating {
    public init() {}
    public func liveUpdates(_ configuration: CLLocationUpdate.LiveConfiguration) -> CLLocationUpdate.Updates {
        CLLocationUpdate.liveUpdates(configuration)
    }
}
#endif
