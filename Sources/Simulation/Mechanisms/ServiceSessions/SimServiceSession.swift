/// `CLServiceSession.AuthorizationRequirement` (raw values as Core Location's, 0–2).
public enum SimServiceSessionRequirement: String, Hashable, Sendable, Codable, CaseIterable {
    /// Asks for nothing; meets an explicit-session requirement when the app is already authorized.
    case none
    /// Asks for When In Use.
    case whenInUse
    /// Asks for Always; needed for events while the app is not in use.
    case always
}

/// `CLServiceSession.Diagnostic` values.
public enum SimServiceSessionDiagnostic: String, Hashable, Sendable, Codable, CaseIterable {
    case alwaysAuthorizationDenied
    case authorizationDenied
    case authorizationDeniedGlobally
    case authorizationRequestInProgress
    case authorizationRestricted
    case insufficientlyInUse
}

/// A session's diagnostics read as `CLServiceSession.Diagnostic`'s Booleans (`ServiceSessionDiagnostic`):
/// the elements of ``SimServiceSession/diagnostics`` are these sets, unchanged.
extension Set: ServiceSessionDiagnostic where Element == SimServiceSessionDiagnostic {
    public var alwaysAuthorizationDenied: Bool { contains(.alwaysAuthorizationDenied) }
    public var authorizationDenied: Bool { contains(.authorizationDenied) }
    public var authorizationDeniedGlobally: Bool { contains(.authorizationDeniedGlobally) }
    public var authorizationRequestInProgress: Bool { contains(.authorizationRequestInProgress) }
    public var authorizationRestricted: Bool { contains(.authorizationRestricted) }
    /// Always false: the simulation's sessions never ask for full accuracy (no `fullAccuracyPurposeKey`).
    public var fullAccuracyDenied: Bool { false }
    public var insufficientlyInUse: Bool { contains(.insufficientlyInUse) }
    /// Always false: the simulation reports a missing explicit session on the updates and
    /// events it withholds (``SimLiveDiagnostic/serviceSessionRequired``), not on a session.
    public var serviceSessionRequired: Bool { false }
}

/// `CLServiceSession(authorization:)`: hold it for as long as the app needs location; set
/// `onDiagnostic` (or read `diagnostics`) to hear what stands in the way.
@MainActor
public final class SimServiceSession {
    /// The authorization the session asks for.
    public let authorizationRequirement: SimServiceSessionRequirement
    private weak var owner: LocationServiceSessions?
    private weak var system: SimSystem?
    /// Whether the session gives its right to receive (created in use, or rejoined in time).
    public internal(set) var isActive = false
    var isInvalidated = false
    /// The diagnostics the app last heard (none at first: a session says something only when
    /// something stands in its way, and again when that clears).
    var reported: [SimServiceSessionDiagnostic] = []
    /// Called with the session's diagnostics whenever they change, while the app's process runs.
    public var onDiagnostic: (@MainActor (Set<SimServiceSessionDiagnostic>) -> Void)?
    private var continuations: [SimAsyncStream<Set<SimServiceSessionDiagnostic>>.Continuation] = []

    init(requirement: SimServiceSessionRequirement, owner: LocationServiceSessions, system: SimSystem) {
        authorizationRequirement = requirement
        self.owner = owner
        self.system = system
    }

    /// The diagnostics as an async sequence, as `for await diagnostic in session.diagnostics`.
    public var diagnostics: SimAsyncStream<Set<SimServiceSessionDiagnostic>> {
        SimAsyncStream("session.diagnostics", clock: system?.clock) { continuation in
            if isInvalidated { continuation.finish() } else { continuations.append(continuation) }
        }
    }

    /// Ends the session.
    public func invalidate() {
        guard let owner, let system else { return }
        owner.invalidate(self, in: system)
        finish()
    }

    /// Ends the `diagnostics` sequences: the session was invalidated, or its process ended.
    func finish() {
        continuations.forEach { $0.finish() }
        continuations = []
    }

    func deliver(_ diagnostics: Set<SimServiceSessionDiagnostic>, in system: SimSystem) {
        system.runAppCode {
            onDiagnostic?(diagnostics)
            continuations.forEach { $0.yield(diagnostics) }
        }
    }
}

