import ScenarioInput
import ScenarioRun
import Simulation

// MARK: Live updates and background activity sessions (§10)

extension Prose {
    /// A live-update event as the timeline's line.
    static func text(_ live: LiveUpdateEvent) -> String {
        switch live {
        case .started(let configuration): "liveUpdates(.\(configuration.rawValue)) starts"
        case .stopped: "the app leaves its liveUpdates loop"
        case .stationary(let window): "live update: isStationary (still for \(Formatting.duration(window))); updates stop until the device moves"
        case .resumed: "the device moves again: live updates resume"
        case .diagnostic(let diagnostic): "live update without a location: \(diagnostic.rawValue)"
        case .sessionBegan(true, _): "CLBackgroundActivitySession created: active"
        case .sessionBegan(false, let obstacle): "CLBackgroundActivitySession created but not active\(obstacle.map { ": \(Prose.text($0))" } ?? "")"
        case .sessionRejoined: "the relaunched app re-created its CLBackgroundActivitySession: still active"
        case .sessionEnded(let cause): "CLBackgroundActivitySession ends: \(Prose.text(cause))"
        }
    }

    /// A live-update cause in words.
    static func text(_ cause: LiveUpdateCause) -> String {
        switch cause {
        case .stationary(let window): "the device was still for \(Formatting.duration(window)): live updates stopped until it moves"
        case .noSession: "live updates keep the app running in the background only with an active CLBackgroundActivitySession"
        case .sessionNotInUse: "a CLBackgroundActivitySession created while the app is not in use is never active"
        case .sessionNotRejoined: "the relaunched app did not re-create its CLBackgroundActivitySession at once"
        case .sessionInvalidated: "the app invalidated its CLBackgroundActivitySession"
        case .sessionReplaced: "a new CLBackgroundActivitySession replaced it"
        case .withheld(.serviceSessionRequired):
            "NSLocationRequireExplicitServiceSession is set and the app holds no CLServiceSession: live updates are withheld (serviceSessionRequired)"
        case .withheld(let diagnostic): "live updates are withheld: \(diagnostic.rawValue)"
        }
    }

    /// The JSON names these causes had as `SimCause`'s own cases.
    static func name(_ cause: LiveUpdateCause) -> String {
        switch cause {
        case .stationary: "liveUpdatesStationary"
        case .noSession: "noBackgroundActivitySession"
        case .sessionNotInUse: "backgroundActivitySessionNotInUse"
        case .sessionNotRejoined: "backgroundActivitySessionNotRejoined"
        case .sessionInvalidated: "backgroundActivitySessionInvalidated"
        case .sessionReplaced: "backgroundActivitySessionReplaced"
        case .withheld: "liveUpdatesWithheld"
        }
    }

    static func text(_ warning: LiveUpdateWarning) -> String {
        switch warning {
        case .unavailable(let profile): "liveUpdates and CLBackgroundActivitySession need iOS 17: on \(profile) they do nothing"
        }
    }

    /// Why iOS woke the app for live updates, as a noun phrase.
    static func text(_ reason: LiveUpdateWakeReason) -> String {
        switch reason {
        case .updatesAvailable: "live location updates available again"
        }
    }
}
