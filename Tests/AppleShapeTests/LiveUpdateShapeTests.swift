import AppleDeclarations
import Foundation
import PlatformShapes
import Testing

// App logic over live updates that knows only the shapes, type-checked here against Apple's
// declarations (LiveUpdateShapeSimTests runs the same functions on the simulation).

/// Library.md's snippet: the fixes' longitudes until the device is still.
@MainActor private func longitudesUntilStill<Source: LiveLocationUpdating>(_ source: Source) async throws -> [Double] {
    var longitudes: [Double] = []
    for try await update in source.liveUpdates(.fitness) {
        if let fix = update.location { longitudes.append(fix.coordinate.longitude) }
        if update.isStationary { break }   // leaving the loop ends the updates, as on the device
    }
    return longitudes
}

/// iOS 18's diagnostics of an update, by Apple's property names.
private func reasons<Update: LocationUpdateDiagnostics>(_ update: Update) -> [String] {
    [
        update.stationary ? "stationary" : nil,
        update.accuracyLimited ? "accuracyLimited" : nil,
        update.authorizationDenied ? "authorizationDenied" : nil,
        update.authorizationDeniedGlobally ? "authorizationDeniedGlobally" : nil,
        update.authorizationRequestInProgress ? "authorizationRequestInProgress" : nil,
        update.authorizationRestricted ? "authorizationRestricted" : nil,
        update.insufficientlyInUse ? "insufficientlyInUse" : nil,
        update.locationUnavailable ? "locationUnavailable" : nil,
        update.serviceSessionRequired ? "serviceSessionRequired" : nil,
    ].compactMap { $0 }
}

/// The configurations generic code names, in Apple's spelling.
private func configurations<Configuration: LiveUpdateConfiguration>(_: Configuration.Type) -> [Configuration] {
    [.default, .automotiveNavigation, .otherNavigation, .fitness, .airborne]
}

@MainActor @Suite struct LiveUpdateShapeTests {
    /// The static requirements are Apple's five cases, each a different one.
    @Test func theConfigurationsAreApplesCases() {
        #expect(configurations(CLLocationUpdate.LiveConfiguration.self) == [.default, .automotiveNavigation, .otherNavigation, .fitness, .airborne])
        #expect(Set(configurations(CLLocationUpdate.LiveConfiguration.self)).count == 5)
    }

    /// What generic code names on the device: Apple's types, with no wrapper around the sequence.
    @Test func theAssociatedTypesAreApples() {
        #expect(CoreLocationLiveUpdates.Updates.self == CLLocationUpdate.Updates.self)
        #expect(CoreLocationLiveUpdates.Update.self == CLLocationUpdate.self)
        #expect(CoreLocationLiveUpdates.LiveConfiguration.self == CLLocationUpdate.LiveConfiguration.self)
        #expect(CLLocationUpdate.Location.self == CLLocation.self)
        // The proof is that these compile: the generic code takes Apple's types. (Not run: Apple's
        // sequence is a signature here.)
        let _: (CoreLocationLiveUpdates) async throws -> [Double] = longitudesUntilStill
        let _: (CLLocationUpdate) -> [String] = reasons
        let _: (CoreLocationLiveUpdates) -> CLLocationUpdate.Updates = { $0.liveUpdates() }
    }
}
