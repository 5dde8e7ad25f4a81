import AppleDeclarations
import Foundation
import PlatformShapes
import ShapeLogic
import Testing

// App logic over location sessions (Tests/ShapeLogic, PlatformShapes only): type-checked here against Apple's declarations.

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
