import AppleDeclarations
import Foundation
import PlatformShapes
import Testing

// App logic over location sessions that knows only the shapes, type-checked against Apple's
// declarations (SessionShapeSimTests runs the same functions on the simulation).

/// What stands in a service session's way, by Apple's property names.
private func names<Diagnostic: ServiceSessionDiagnostic>(_ diagnostic: Diagnostic) -> [String] {
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
@MainActor private func watchAuthorization<Session: ServiceSession>(_ session: Session) async throws -> [[String]] {
    var heard: [[String]] = []
    for try await diagnostic in session.diagnostics {
        heard.append(names(diagnostic))
        if diagnostic.alwaysAuthorizationDenied || diagnostic.authorizationDenied { session.invalidate() }
    }
    return heard
}

/// Ends the walk's background activity session.
@MainActor private func finishWalk<Session: BackgroundActivitySession>(_ session: Session?) {
    session?.invalidate()
}

@MainActor @Suite struct SessionShapeTests {
    /// Apple's sessions take the shapes: made with Apple's initializers, ended through the shape.
    @Test func applesSessionsInvalidateThroughTheShape() {
        let activity: any BackgroundActivitySession = CLBackgroundActivitySession()
        activity.invalidate()
        let session: any ServiceSession = CLServiceSession(authorization: .whenInUse)
        session.invalidate()
        #expect(activity is CLBackgroundActivitySession)
        // What the protocol's associated types are for Apple's session, seen through the protocol.
        func types<Session: ServiceSession>(_: Session.Type) -> [Any.Type] { [Session.Diagnostic.self, Session.Diagnostics.self] }
        #expect(types(CLServiceSession.self).map(ObjectIdentifier.init) == [CLServiceSession.Diagnostic.self, CLServiceSession.Diagnostics.self].map(ObjectIdentifier.init))
        // The generic code takes Apple's types: the proof is that these compile (not run: Apple's
        // diagnostics are signatures here).
        let _: (CLServiceSession) async throws -> [[String]] = watchAuthorization
        let _: (CLServiceSession.Diagnostic) -> [String] = names
        let _: (CLBackgroundActivitySession?) -> Void = finishWalk
    }
}
