import ScenarioInput
import ScenarioRun
import Simulation

/// Words for location pushes and their extension (§16).
extension Prose {
    /// A location push event as one line of the timeline.
    static func text(_ push: LocationPushEvent) -> String {
        switch push {
        case .monitoringStarted: "startMonitoringLocationPushes: the app has a token for location pushes"
        case .monitoringFailed(let error): "startMonitoringLocationPushes failed: \(Prose.text(error))"
        case .monitoringStopped: "stopMonitoringLocationPushes"
        case .arrived(let push): "location push #\(push): the system runs the app's extension (the app is not launched)"
        case .dropped(let push, let reason): "location push #\(push) dropped: \(Prose.text(reason))"
        case .locationRequested(let push): "location push #\(push): the extension asks for one location"
        case .located(let push, let accuracy): "location push #\(push): the extension receives a location (±\(Prose.number(accuracy)) m)"
        case .locationUnavailable(let push): "location push #\(push): no location could be had"
        case .completed(let push, let located):
            "location push #\(push): the extension calls its completion block" + (located ? ", with a location" : ", without a location")
        case .willTerminate(let push): "location push #\(push): serviceExtensionWillTerminate(): the extension took too long"
        case .terminated(let push): "location push #\(push): the system terminates the extension: it never called its completion block"
        }
    }

    static func text(_ warning: LocationPushWarning) -> String {
        switch warning {
        case .unavailable(let profile): "location pushes need iOS 15: on \(profile) startMonitoringLocationPushes does not exist"
        }
    }

    static func text(_ cause: LocationPushCause) -> String {
        switch cause {
        case .dropped(let reason): "the location push never reached the extension: \(Prose.text(reason))"
        case .timedOut: "the extension did not call its completion block in time and was terminated"
        case .locationUnavailable: "the extension asked for a location and none could be had"
        case .completedWithoutLocation: "the extension called its completion block without a location"
        case .runEnded: "the run ended while the extension still ran"
        }
    }

    /// A location push cause's name, as JSON writes it.
    static func name(_ cause: LocationPushCause) -> String {
        switch cause {
        case .dropped(.notAlways): "locationPushNotAlways"
        case .dropped: "locationPushDropped"
        case .timedOut: "locationPushTimedOut"
        case .locationUnavailable: "locationPushLocationUnavailable"
        case .completedWithoutLocation: "locationPushWithoutLocation"
        case .runEnded: "locationPushUnfinished"
        }
    }

    /// Why a location push reached no extension.
    static func text(_ reason: LocationPushEvent.DropReason) -> String {
        switch reason {
        case .unavailable: "location pushes need iOS 15"
        case .notMonitoring: "the app is not monitoring location pushes"
        case .monitoringFailed(let error): "the app's startMonitoringLocationPushes failed (\(text(error)))"
        case .notAlways(let status): "the app is not authorized Always (\(status))"
        }
    }

    /// A `CLLocationPushServiceError` code and what it means.
    static func text(_ error: SimLocationPushServiceError) -> String {
        switch error {
        case .unknown: "unknown"
        case .missingPushExtension: "missingPushExtension: the app has no location push service extension"
        case .missingPushServerEnvironment: "missingPushServerEnvironment: the app lacks the aps-environment entitlement"
        case .missingEntitlement: "missingEntitlement: the app lacks com.apple.developer.location.push"
        case .unsupportedPlatform: "unsupportedPlatform"
        }
    }
}
