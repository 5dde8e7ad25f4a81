import Foundation
import ShapeLogic
import Testing
import TestSupport
@testable import Simulation

// App logic over location sessions (Tests/ShapeLogic, PlatformShapes only): run here on the simulation.

@MainActor @Suite struct SessionShapeSimTests {
    /// Holds an activity session and an `.always` service session; an app task watches the
    /// service session and, when it has ended, ends the activity session too.
    final class WalkApp: SimAppDelegate {
        var heard: [[String]]?
        var endedAt: Double?

        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            let activity = application.beginBackgroundActivitySession()
            application.task { [self] in
                // Made where it is watched: its sequence is made in the same step, before the
                // session's first change is delivered.
                let session = application.serviceSession(authorization: .always)
                heard = try? await watchAuthorization(session)
                endedAt = application.clock.now.seconds
                finishWalk(activity)
            }
        }
    }

    /// When In Use granted, the session asks for Always at 0 (the prompt up) and the user keeps
    /// When In Use at 1: the snippet hears both changes, ends the session at 1, its loop ends
    /// there, and the activity session (active: made on screen, with the mode; it first makes the
    /// implicit session) ends at 1 too.
    @Test func theSnippetHearsEachChangeAndEndsBothSessions() async {
        let app = WalkApp()
        let answers = SimUserAnswers(firstPrompt: .allowWhileUsing, alwaysPrompt: .keepWhenInUse, precise: true)
        var configuration = configuration(drive(seconds: 60), profile: .iOS18, authorization: .authorizedWhenInUse,
                                          capabilities: SimCapabilities(backgroundModes: [.location]))
        configuration.answers = answers
        let result = await KeepAliveSimulation(configuration, app: app).runAsync()
        #expect(app.heard == [["authorizationRequestInProgress"], ["alwaysAuthorizationDenied"]])
        #expect(app.endedAt == 1)
        #expect(log(result, [.serviceSessions(.session)]) == [
            At(0, .serviceSessions(.implicit)),
            At(0, .serviceSessions(.began(.always, active: true))),
            At(0, .serviceSessions(.diagnostics(.always, [.authorizationRequestInProgress]))),
            At(1, .serviceSessions(.diagnostics(.always, [.alwaysAuthorizationDenied]))),
            At(1, .serviceSessions(.invalidated(.always))),
        ])
        #expect(result.events.filter { if case .liveUpdates = $0.detail { true } else { false } }.map { At($0.time, $0.detail) } == [
            At(0, .liveUpdates(.sessionBegan(active: true, obstacle: nil))),
            At(1, .liveUpdates(.sessionEnded(.liveUpdates(.sessionInvalidated)))),
        ])
        #expect(result.restlessTasks == [])
    }

    /// What the protocol's associated types are for the simulation's session: its own stream, unwrapped.
    @Test func theAssociatedTypesAreTheSimulations() {
        func types<Session: ServiceSession>(_: Session.Type) -> [Any.Type] { [Session.Diagnostic.self, Session.Diagnostics.self] }
        #expect(types(SimServiceSession.self).map(ObjectIdentifier.init)
                == [Set<SimServiceSessionDiagnostic>.self, SimAsyncStream<Set<SimServiceSessionDiagnostic>>.self].map(ObjectIdentifier.init))
    }

    /// Each of Apple's Booleans reads its own diagnostic; the two the simulation never reports are false.
    @Test(arguments: SimServiceSessionDiagnostic.allCases)
    func eachDiagnosticIsItsBoolean(_ diagnostic: SimServiceSessionDiagnostic) {
        #expect(names(Set([diagnostic])) == [diagnostic.rawValue])
        #expect(names(Set(SimServiceSessionDiagnostic.allCases)).count == 6)
    }
}
