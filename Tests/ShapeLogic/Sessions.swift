import Foundation
import PlatformShapes

// App logic that knows only the shapes: SessionShapeTests type-checks it against Apple's declarations,
// SessionShapeSimTests runs it on the simulation. One copy, so both prove the same code.

/// What stands in a service session's way, by Apple's property names.
package func names<Diagnostic: ServiceSessionDiagnostic>(_ diagnostic: Diagnostic) -> [String] {
    [
        diagnostic.alwaysAuthorizationDenied ? "alwaysAuthorizationDenied" : nil,
        diagnostic.authorizationDenied ? "authorizationDenied" : nil,
        diagnostic.authorizationDeniedGlobally ? "authorizationDeniedGlobally" : nil,
        diagnostic.authorizationRequestInProgress ? "authorizationRequestInProgress" : nil,
        diagnostic.authorizationRestricted ? "authorizationRestricted" : nil,
        diagnostic.fullAccuracyDenied ? "fullAccuracyDenied" : nil,
        diagnostic.insufficientlyInUse ? "insufficientlyInUse" : nil,
        diagnostic.serviceSessionRequired ? "serviceSessionRequired" : nil,
    ].compactMap { $0 }
}

/// Library.md's snippet: each change of the session's diagnostics, until the user refuses;
/// then the session ends (and with it the sequence).
@MainActor package func watchAuthorization<Session: ServiceSession>(_ session: Session) async throws -> [[String]] {
    var heard: [[String]] = []
    for try await diagnostic in session.diagnostics {
        heard.append(names(diagnostic))
        if diagnostic.alwaysAuthorizationDenied || diagnostic.authorizationDenied { session.invalidate() }
    }
    return heard
}

/// Ends the walk's background activity session.
@MainActor package func finishWalk<Session: BackgroundActivitySession>(_ session: Session?) {
    session?.invalidate()
}
