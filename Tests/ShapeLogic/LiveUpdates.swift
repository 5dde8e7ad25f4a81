import Foundation
import PlatformShapes

// App logic that knows only the shapes: LiveUpdateShapeTests type-checks it against Apple's declarations,
// LiveUpdateShapeSimTests runs it on the simulation. One copy, so both prove the same code.

/// Library.md's snippet: the fixes' longitudes until the device is still.
@MainActor package func longitudesUntilStill<Source: LiveLocationUpdating>(_ source: Source) async throws -> [Double] {
    var longitudes: [Double] = []
    for try await update in source.liveUpdates(.fitness) {
        if let fix = update.location { longitudes.append(fix.coordinate.longitude) }
        if update.isStationary { break }   // leaving the loop ends the updates, as on the device
    }
    return longitudes
}

/// iOS 18's diagnostics of an update, by Apple's property names.
package func reasons<Update: LocationUpdateDiagnostics>(_ update: Update) -> [String] {
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
package func configurations<Configuration: LiveUpdateConfiguration>(_: Configuration.Type) -> [Configuration] {
    [.default, .automotiveNavigation, .otherNavigation, .fitness, .airborne]
}
