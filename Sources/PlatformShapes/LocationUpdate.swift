import Foundation

#if !(canImport(CoreLocation) && os(iOS))
/// `CLLocationUpdate` (iOS 17) with Apple's static entry point: app code writes
///
/// ```swift
/// for try await update in LocationUpdate.liveUpdates(.fitness) {
///     if let fix = update.location { route.append(fix.coordinate) }
///     if update.isStationary { break }   // leaving the loop ends the updates
/// }
/// ```
///
/// which is `CLLocationUpdate.liveUpdates(_:)` on the device and here starts live updates in
/// the simulated process the code runs in (``SimulatedPlatformBinding``), as
/// `application.liveUpdateSource.liveUpdates(_:)` does. Off any simulation the sequence ends at
/// once. Generic code over ``LiveLocationUpdating`` keeps working: this type's values take the
/// same shapes (``LocationUpdateDiagnostics``).
public struct LocationUpdate: LocationUpdateDiagnostics, Hashable, Sendable {
    /// `CLLocation`: the fix an update carries.
    public struct Location: LocationFix, Hashable, Sendable {
        public var coordinate: LocationCoordinate2D
        public var altitude: Double
        public var horizontalAccuracy: Double
        public var verticalAccuracy: Double
        public var speed: Double
        public var course: Double
        public var timestamp: Date

        /// A fix (made by the simulation).
        public init(coordinate: LocationCoordinate2D, altitude: Double, horizontalAccuracy: Double,
                    verticalAccuracy: Double, speed: Double, course: Double, timestamp: Date) {
            self.coordinate = coordinate
            self.altitude = altitude
            self.horizontalAccuracy = horizontalAccuracy
            self.verticalAccuracy = verticalAccuracy
            self.speed = speed
            self.course = course
            self.timestamp = timestamp
        }
    }

    /// `CLLocationUpdate.LiveConfiguration`.
    public enum LiveConfiguration: LiveUpdateConfiguration, Sendable, CaseIterable {
        case `default`
        case automotiveNavigation
        case otherNavigation
        case fitness
        case airborne
    }

    /// The fix; `nil` when the update carries none.
    public var location: Location?
    /// Updates stop because the device is still.
    public var isStationary: Bool
    /// iOS 18's diagnostics, by Apple's names (``LocationUpdateDiagnostics``).
    public var accuracyLimited: Bool
    public var authorizationDenied: Bool
    public var authorizationDeniedGlobally: Bool
    public var authorizationRequestInProgress: Bool
    public var authorizationRestricted: Bool
    public var insufficientlyInUse: Bool
    public var locationUnavailable: Bool
    public var serviceSessionRequired: Bool
    /// iOS 18's name for ``isStationary``.
    public var stationary: Bool { isStationary }

    /// An update (made by the simulation).
    public init(location: Location?, isStationary: Bool, accuracyLimited: Bool = false, authorizationDenied: Bool = false,
                authorizationDeniedGlobally: Bool = false, authorizationRequestInProgress: Bool = false,
                authorizationRestricted: Bool = false, insufficientlyInUse: Bool = false,
                locationUnavailable: Bool = false, serviceSessionRequired: Bool = false) {
        self.location = location
        self.isStationary = isStationary
        self.accuracyLimited = accuracyLimited
        self.authorizationDenied = authorizationDenied
        self.authorizationDeniedGlobally = authorizationDeniedGlobally
        self.authorizationRequestInProgress = authorizationRequestInProgress
        self.authorizationRestricted = authorizationRestricted
        self.insufficientlyInUse = insufficientlyInUse
        self.locationUnavailable = locationUnavailable
        self.serviceSessionRequired = serviceSessionRequired
    }

    /// Starts live updates for `configuration` in the running process; they end when the loop
    /// over them ends.
    @MainActor
    public static func liveUpdates(_ configuration: LiveConfiguration = .default) -> Updates {
        SimulatedPlatformBinding.current?.liveUpdates(configuration) ?? Updates(nil)
    }

    /// `CLLocationUpdate.Updates`: the updates, as an async sequence whose iteration may throw
    /// (the simulation's never does).
    public struct Updates: AsyncSequence {
        public typealias Element = LocationUpdate
        public typealias Failure = any Error

        private let makeSource: (() -> any LocationUpdateIterating)?

        /// The updates `makeSource`'s iterators give (the simulation's); `nil`: none.
        public init(_ makeSource: (() -> any LocationUpdateIterating)?) {
            self.makeSource = makeSource
        }

        public func makeAsyncIterator() -> Iterator {
            Iterator(source: makeSource?())
        }

        /// Iterates the updates; it stays on the caller's actor while it waits.
        public struct Iterator: AsyncIteratorProtocol {
            public typealias Failure = any Error
            private let source: (any LocationUpdateIterating)?

            fileprivate init(source: (any LocationUpdateIterating)?) {
                self.source = source
            }

            public mutating func next() async throws -> LocationUpdate? {
                try await next(isolation: nil)
            }

            public mutating func next(isolation actor: isolated (any Actor)?) async throws(any Error) -> LocationUpdate? {
                guard let source else { return nil }
                return await source.next(isolation: actor)
            }
        }
    }
}

/// One iteration of ``LocationUpdate/Updates`` (the simulation's).
public protocol LocationUpdateIterating: AnyObject {
    /// The next update, waiting on `actor`; `nil` when the updates end.
    func next(isolation actor: isolated (any Actor)?) async -> LocationUpdate?
}
#endif

#if canImport(CoreLocation) && os(iOS)
import CoreLocation

@available(iOS 17.0, *)
public typealias LocationUpdate = CLLocationUpdate
#endif
