import ScenarioInput
import ScenarioRun
import Simulation

/// Words for silent pushes, background fetch and VoIP pushes (§14).
extension Prose {
    /// A push event as one line of the timeline.
    static func text(_ push: PushEvent) -> String {
        switch push {
        case .delivered(let kind): "\(text(kind)) delivered to the app"
        case .held(let kind): "\(text(kind)) held back: throttled (a few an hour)"
        case .waitsForLowPowerMode(let kind): "\(text(kind)) held back until Low Power Mode ends (the newest one waits)"
        case .dropped(let kind, let reason): "\(text(kind)) dropped: \(text(reason, kind))"
        case .completed(let kind, let result): "\(text(kind)) handled: completion handler called (\(result.rawValue))"
        case .callReported: "reportNewIncomingCall: the VoIP push is a call"
        }
    }

    static func text(_ kind: SimPushKind) -> String {
        switch kind {
        case .silent: "silent push"
        case .voip: "VoIP push"
        case .fetch: "background fetch"
        }
    }

    static func text(_ reason: PushEvent.DropReason, _ kind: SimPushKind) -> String {
        switch reason {
        case .modeMissing: "UIBackgroundModes lacks '\(kind.modeName)'"
        case .forceQuit: "none reach an app the user force-quit"
        case .replacedByNewer: "a newer one replaces it"
        case .appKilled: "the app was killed, and a held push with it"
        case .appNotRunning: "the app could not be woken"
        case .tooManyUnreportedCalls: "iOS stopped VoIP pushes after pushes not reported as calls"
        case .backgroundAppRefreshOff: "Background App Refresh is off on the device (or by Low Power Mode)"
        }
    }

    static func text(_ crash: PushCrash) -> String {
        switch crash {
        case .voipWithoutCall: "killed: the app never reported an incoming call to CallKit after a PushKit VoIP push"
        }
    }

    /// Why iOS woke the app, as a noun phrase.
    static func text(_ reason: PushWakeReason) -> String {
        switch reason {
        case .silent: "a silent push"
        case .voip: "a VoIP push"
        case .fetch: "a background fetch"
        }
    }

    static func text(_ cause: PushCause) -> String {
        switch cause {
        case .dropped(let reason): "the VoIP push never reached the app: \(Prose.text(reason, .voip))"
        case .callNotReported: "the push's handler returned without reporting a call to CallKit"
        }
    }

    /// A push cause's name, as JSON writes it.
    static func name(_ cause: PushCause) -> String {
        switch cause {
        case .dropped: "voipPushDropped"
        case .callNotReported: "callNotReported"
        }
    }
}

extension Prose {
    /// What the call goal asks.
    static func text(_ goal: CallGoal) -> String {
        "every VoIP push reported to CallKit as a call (\(percent(goal.requiredFraction)) of them)"
    }
}
