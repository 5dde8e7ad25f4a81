/// `CLLocationUpdate.LiveConfiguration` (raw values as Core Location's, 0–4).
public enum SimLiveConfiguration: String, Hashable, Sendable, Codable, CaseIterable {
    case `default`
    case automotiveNavigation
    case otherNavigation
    case fitness
    case airborne

    /// The activity type whose stationary window the configuration uses. [model]
    public var activityType: SimActivityType {
        switch self {
        case .default: .other
        case .automotiveNavigation: .automotiveNavigation
        case .otherNavigation: .otherNavigation
        case .fitness: .fitness
        case .airborne: .airborne
        }
    }

    /// The accuracy profile whose cadence updates follow. [model]
    public var accuracy: SimAccuracy {
        switch self {
        case .automotiveNavigation, .otherNavigation, .airborne: .bestForNavigation
        case .default, .fitness: .best
        }
    }
}

/// `CLLocationUpdate` diagnostics (iOS 18).
public enum SimLiveDiagnostic: String, Hashable, Sendable, Codable, CaseIterable {
    case accuracyLimited
    case authorizationDenied
    case authorizationDeniedGlobally
    case authorizationRequestInProgress
    case authorizationRestricted
    case insufficientlyInUse
    case locationUnavailable
    case serviceSessionRequired
}

/// One `CLLocationUpdate`.
public struct SimLocationUpdateValue: Hashable, Sendable {
    /// The fix; `nil` in an update that only carries a diagnostic.
    public var location: SimLocation?
    /// The device is still: updates stop until it moves.
    public var isStationary: Bool
    /// iOS 18's diagnostics; always empty on iOS 17.
    public var diagnostics: Set<SimLiveDiagnostic>
}

// iOS 18's diagnostics one Boolean each, as `CLLocationUpdate` has them (`LocationUpdateDiagnostics`).
extension SimLocationUpdateValue {
    /// iOS 18's name for ``isStationary``.
    public var stationary: Bool { isStationary }
    /// ``SimLiveDiagnostic/accuracyLimited`` is in ``diagnostics``.
    public var accuracyLimited: Bool { diagnostics.contains(.accuracyLimited) }
    /// ``SimLiveDiagnostic/authorizationDenied`` is in ``diagnostics``.
    public var authorizationDenied: Bool { diagnostics.contains(.authorizationDenied) }
    /// ``SimLiveDiagnostic/authorizationDeniedGlobally`` is in ``diagnostics``.
    public var authorizationDeniedGlobally: Bool { diagnostics.contains(.authorizationDeniedGlobally) }
    /// ``SimLiveDiagnostic/authorizationRequestInProgress`` is in ``diagnostics``.
    public var authorizationRequestInProgress: Bool { diagnostics.contains(.authorizationRequestInProgress) }
    /// ``SimLiveDiagnostic/authorizationRestricted`` is in ``diagnostics``.
    public var authorizationRestricted: Bool { diagnostics.contains(.authorizationRestricted) }
    /// ``SimLiveDiagnostic/insufficientlyInUse`` is in ``diagnostics``.
    public var insufficientlyInUse: Bool { diagnostics.contains(.insufficientlyInUse) }
    /// ``SimLiveDiagnostic/locationUnavailable`` is in ``diagnostics``.
    public var locationUnavailable: Bool { diagnostics.contains(.locationUnavailable) }
    /// ``SimLiveDiagnostic/serviceSessionRequired`` is in ``diagnostics``.
    public var serviceSessionRequired: Bool { diagnostics.contains(.serviceSessionRequired) }
}

/// A running `liveUpdates` loop: `onUpdate` is the loop's body; `stop()` leaves the loop.
@MainActor
public final class SimLiveUpdates {
    public let configuration: SimLiveConfiguration
    let process: Int
    private weak var owner: LiveLocationUpdates?
    private weak var system: SimSystem?
    /// Called with each update while the app's process runs.
    public var onUpdate: (@MainActor (SimLocationUpdateValue) -> Void)?
    private var continuations: [SimAsyncStream<SimLocationUpdateValue>.Continuation] = []
    /// Whether the loop has ended (stopped, the process ended, or the API is missing).
    public internal(set) var isStopped = false {
        didSet { if isStopped { continuations.forEach { $0.finish() }; continuations = [] } }
    }

    init(configuration: SimLiveConfiguration, process: Int, owner: LiveLocationUpdates, system: SimSystem) {
        self.configuration = configuration
        self.process = process
        self.owner = owner
        self.system = system
    }

    /// The updates as an async sequence, as `for try await update in CLLocationUpdate.liveUpdates()`.
    public var updates: SimAsyncStream<SimLocationUpdateValue> {
        SimAsyncStream("liveUpdates", clock: system?.clock) { continuation in
            if isStopped { continuation.finish() } else { continuations.append(continuation) }
        }
    }

    /// Leaves the loop.
    public func stop() {
        guard let owner, let system else { return }
        owner.stop(self, in: system)
    }

    func deliver(_ update: SimLocationUpdateValue, in system: SimSystem) {
        system.runAppCode {
            onUpdate?(update)
            continuations.forEach { $0.yield(update) }
        }
    }
}

/// `CLBackgroundActivitySession` (iOS 17).
@MainActor
public final class SimBackgroundActivitySession {
    let process: Int
    private weak var owner: LiveLocationUpdates?
    private weak var system: SimSystem?
    /// Whether the session is active (created in use, with the mode and authorization).
    public internal(set) var isActive = false
    var isInvalidated = false
    /// The process that held it ended: the next process must re-create it at once.
    var awaitsRejoin = false

    init(process: Int, owner: LiveLocationUpdates, system: SimSystem) {
        self.process = process
        self.owner = owner
        self.system = system
    }

    /// Ends the session for good.
    public func invalidate() {
        guard let owner, let system else { return }
        owner.invalidate(self, in: system)
    }
}

