/// `CLBackgroundActivitySession` (iOS 17): while the app holds an active one, a When In Use app
/// keeps receiving updates in the background. App code keeps it and ends it:
///
/// ```swift
/// func finishWalk<Session: BackgroundActivitySession>(_ session: Session?) { session?.invalidate() }
/// ```
///
/// The app makes it itself (`CLBackgroundActivitySession()` on the device,
/// `application.beginBackgroundActivitySession()` in a test): a simulated session belongs to its
/// application, so no protocol can ask for Apple's initializer. iOS 18's `diagnostics` is not
/// part of the shape: the simulation does not model that sequence.
@MainActor
public protocol BackgroundActivitySession: AnyObject {
    /// Ends the session for good; a new one must be made to be kept running again.
    func invalidate()
}

/// `CLServiceSession` (iOS 18): the authorization a workflow needs, and what stands in its way.
///
/// ```swift
/// func refusals<Session: ServiceSession>(_ session: Session) async throws -> Int {
///     var refusals = 0
///     for try await diagnostic in session.diagnostics where diagnostic.alwaysAuthorizationDenied {
///         refusals += 1
///         session.invalidate()   // ends the session, and with it the sequence
///     }
///     return refusals
/// }
/// ```
///
/// Made by the app: `CLServiceSession(authorization: .whenInUse)` on the device,
/// `application.serviceSession(authorization: .whenInUse)` in a test.
@MainActor
public protocol ServiceSession: AnyObject {
    /// `CLServiceSession.Diagnostic`.
    associatedtype Diagnostic: ServiceSessionDiagnostic
    /// `CLServiceSession.Diagnostics`: an async sequence of ``Diagnostic`` whose iteration may throw.
    associatedtype Diagnostics: AsyncSequence where Diagnostics.Element == Diagnostic
    /// What stands in the session's way, each time it changes.
    var diagnostics: Diagnostics { get }
    /// Ends the session (and its `diagnostics`).
    func invalidate()
}

/// `CLServiceSession.Diagnostic` (iOS 18), one Boolean each.
public protocol ServiceSessionDiagnostic {
    /// The session asks for Always, and the user did not grant it.
    var alwaysAuthorizationDenied: Bool { get }
    /// The user denied the app location.
    var authorizationDenied: Bool { get }
    /// Location services are off for the whole device.
    var authorizationDeniedGlobally: Bool { get }
    /// The authorization prompt is on screen.
    var authorizationRequestInProgress: Bool { get }
    /// Location is restricted (parental controls, a profile).
    var authorizationRestricted: Bool { get }
    /// The session asked for full accuracy (`fullAccuracyPurposeKey`) and the user declined.
    var fullAccuracyDenied: Bool { get }
    /// The session cannot act now: the app is not in use.
    var insufficientlyInUse: Bool { get }
    /// The app needs an explicit session for what it asked.
    var serviceSessionRequired: Bool { get }
}

#if canImport(CoreLocation) && os(iOS)
import CoreLocation

@available(iOS 17.0, *)
extension CLBackgroundActivitySession: BackgroundActivitySession {}
@available(iOS 18.0, *)
extension CLServiceSession.Diagnostic: ServiceSessionDiagnostic {}
@available(iOS 18.0, *)
extension CLServiceSession: ServiceSession {}
#endif
