import Scripting
import Simulation

/// Everything a replay can be told, each optional: a scenario file fills some, command-line
/// options override them, and ``resolved()`` applies the defaults and checks the result.
///
/// ```swift
/// var settings = ReplaySettings()
/// settings.profile = "ios13"
/// settings.distanceFilter = .meters(50)
/// let replay = try settings.resolved()
/// ```
public struct ReplaySettings: Hashable, Sendable {
    /// A distance filter: metres, or none.
    public enum DistanceFilter: Hashable, Sendable {
        case none
        case meters(Double)
    }

    public var profile: String?
    public var budget: Double?
    public var policy: KeepAlivePolicy?
    public var distanceFilter: DistanceFilter?
    /// One of ``ReplaySettings/accuracyNames``.
    public var accuracy: String?
    public var backgroundLocation: Bool?
    public var backgroundModes: [String]?
    public var pausesAutomatically: Bool?
    /// One of ``ReplaySettings/activityTypeNames``.
    public var activityType: String?
    /// One of ``ReplaySettings/authorizationNames``.
    public var authorization: String?
    public var servicesOff: Bool?
    public var revokeAt: Double?
    public var backgroundTask: Bool?
    public var leakBackgroundTask: Bool?
    public var enterBackgroundAt: Double?
    public var lockAt: Double?
    public var speed: Double?
    public var seed: UInt64?
    public var lenient: Bool?
    /// More events, from a scenario file.
    public var events: [SimScenarioEvent] = []
    /// The app's behaviour, from a scenario file's `app:`; `nil` runs the navigation app.
    public var app: AppScript?

    public init() {}

    /// Profile names, oldest first.
    public static let profileNames = SimProfile.all.map(\.name)
    /// `--accuracy` values and the settings they stand for.
    public static let accuracyNames: [(String, SimAccuracy)] = [
        ("best-for-navigation", .bestForNavigation), ("best", .best), ("10m", .nearestTenMeters),
        ("100m", .hundredMeters), ("1km", .kilometer), ("3km", .threeKilometers), ("reduced", .reduced),
    ]
    /// `--activity-type` values.
    public static let activityTypeNames: [(String, SimActivityType)] = [
        ("other", .other), ("automotive-navigation", .automotiveNavigation), ("fitness", .fitness),
        ("other-navigation", .otherNavigation), ("airborne", .airborne),
    ]
    /// `--authorization` values.
    public static let authorizationNames: [(String, SimAuthorizationStatus)] = [
        ("always", .authorizedAlways), ("when-in-use", .authorizedWhenInUse), ("denied", .denied),
        ("restricted", .restricted), ("not-determined", .notDetermined),
    ]

    /// When the user leaves the app unless told: a minute into the trip.
    public static let defaultEnterBackgroundAt = 60.0

    /// `self` with every setting `other` has replacing this one's; events are added.
    public func overridden(by other: ReplaySettings) -> ReplaySettings {
        var merged = self
        merged.profile = other.profile ?? profile
        merged.budget = other.budget ?? budget
        merged.policy = other.policy ?? policy
        merged.distanceFilter = other.distanceFilter ?? distanceFilter
        merged.accuracy = other.accuracy ?? accuracy
        merged.backgroundLocation = other.backgroundLocation ?? backgroundLocation
        merged.backgroundModes = other.backgroundModes ?? backgroundModes
        merged.pausesAutomatically = other.pausesAutomatically ?? pausesAutomatically
        merged.activityType = other.activityType ?? activityType
        merged.authorization = other.authorization ?? authorization
        merged.servicesOff = other.servicesOff ?? servicesOff
        merged.revokeAt = other.revokeAt ?? revokeAt
        merged.backgroundTask = other.backgroundTask ?? backgroundTask
        merged.leakBackgroundTask = other.leakBackgroundTask ?? leakBackgroundTask
        merged.enterBackgroundAt = other.enterBackgroundAt ?? enterBackgroundAt
        merged.lockAt = other.lockAt ?? lockAt
        merged.speed = other.speed ?? speed
        merged.seed = other.seed ?? seed
        merged.lenient = other.lenient ?? lenient
        merged.events = events + other.events
        merged.app = other.app ?? app
        return merged
    }

    /// The settings with defaults applied, checked.
    /// - Throws: ``ReplayError/invalidSettings(_:)`` naming the option and what is wrong with it.
    public func resolved() throws(ReplayError) -> ResolvedReplay {
        func invalid(_ message: String) -> ReplayError { .invalidSettings(message) }

        let profileName = profile ?? "ios17"
        guard var simProfile = SimProfile.all.first(where: { $0.name == profileName }) else {
            throw invalid("--profile: '\(profileName)' is not one of \(Self.profileNames.joined(separator: ", "))")
        }
        if let budget {
            if let problem = SettingRange.positiveDuration.problem(budget) { throw invalid("--budget: \(problem)") }
            simProfile.backgroundTimeBudget = budget
            simProfile.name += "+budget"
        }
        let accuracyName = accuracy ?? "best"
        guard let accuracySetting = Self.accuracyNames.first(where: { $0.0 == accuracyName })?.1 else {
            throw invalid("--accuracy: '\(accuracyName)' is not one of \(Self.accuracyNames.map(\.0).joined(separator: ", "))")
        }
        let activityName = activityType ?? "automotive-navigation"
        guard let activity = Self.activityTypeNames.first(where: { $0.0 == activityName })?.1 else {
            throw invalid("--activity-type: '\(activityName)' is not one of \(Self.activityTypeNames.map(\.0).joined(separator: ", "))")
        }
        let authorizationName = authorization ?? "not-determined"
        guard let initialAuthorization = Self.authorizationNames.first(where: { $0.0 == authorizationName })?.1 else {
            throw invalid("--authorization: '\(authorizationName)' is not one of \(Self.authorizationNames.map(\.0).joined(separator: ", "))")
        }
        var modes = Set<SimBackgroundMode>()
        for name in backgroundModes ?? [] where !name.isEmpty {
            guard let mode = SimBackgroundMode(rawValue: name) else {
                throw invalid("--background-modes: '\(name)' is not a background mode (\(SimBackgroundMode.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            modes.insert(mode)
        }
        if case .meters(let metres) = distanceFilter, let problem = SettingRange.distance.problem(metres) {
            throw invalid("--distance-filter: \(problem), or 'none'")
        }
        if backgroundTask == false, leakBackgroundTask == true {
            throw invalid("--leak-background-task: there is no background task to leak with --no-background-task")
        }
        for (name, value) in [("--revoke-at", revokeAt), ("--enter-background-at", enterBackgroundAt), ("--lock-at", lockAt)] {
            if let value, let problem = SettingRange.time.problem(value) { throw invalid("\(name): \(problem)") }
        }
        if let speed, let problem = SettingRange.speed.problem(speed) { throw invalid("--speed: \(problem)") }
        for event in events {
            if let problem = SettingRange.time.problem(event.time) { throw invalid("scenario: an event's 'at': \(problem)") }
        }

        // Options change the app's script: the scenario's, or the navigation app.
        var changes: [AppChange] = []
        // The navigation app, When In Use, does not ask to be upgraded: otherwise the simulated user allows Always.
        if app == nil, initialAuthorization == .authorizedWhenInUse { changes.append(.requestWhenInUse) }
        if backgroundTask == false { changes.append(.noBackgroundTasks) }
        if leakBackgroundTask == true { changes.append(.neverEndTasks) }
        switch distanceFilter {
        case .meters(let metres): changes.append(.set(.distanceFilter(metres)))
        case .none?: changes.append(.set(.distanceFilter(simDistanceFilterNone)))
        case nil: break
        }
        if accuracy != nil, accuracySetting != .reduced { changes.append(.set(.desiredAccuracy(accuracySetting))) }
        if let backgroundLocation { changes.append(.set(.allowsBackgroundLocationUpdates(backgroundLocation))) }
        if let pausesAutomatically { changes.append(.set(.pausesLocationUpdatesAutomatically(pausesAutomatically))) }
        if activityType != nil { changes.append(.set(.activityType(activity))) }
        var script = (app ?? NavigationApp.script).applying(changes)
        if backgroundModes != nil { script.info.backgroundModes = modes }

        var timeline = [SimScenarioEvent(at: enterBackgroundAt ?? Self.defaultEnterBackgroundAt, .enterBackground)]
        if let lockAt { timeline.append(SimScenarioEvent(at: lockAt, .lock)) }
        if let revokeAt { timeline.append(SimScenarioEvent(at: revokeAt, .setAuthorization(.denied))) }
        timeline += events
        timeline.sort { $0.time < $1.time }  // stable: equal times keep their order

        return ResolvedReplay(
            profile: simProfile, policy: policy ?? .session, app: script,
            initialAuthorization: initialAuthorization,
            accuracyAuthorization: accuracySetting == .reduced ? .reducedAccuracy : .fullAccuracy,
            locationServicesEnabled: !(servicesOff ?? false), timeline: timeline,
            untimedSpeed: speed ?? 13.9, seed: seed ?? 0, lenient: lenient ?? false)
    }
}

/// Settings ready to run: every default applied and checked.
public struct ResolvedReplay: Hashable, Sendable {
    public var profile: SimProfile
    public var policy: KeepAlivePolicy
    /// The app's script, options applied.
    public var app: AppScript
    /// The app's Info.plist.
    public var capabilities: SimCapabilities { app.info }
    public var initialAuthorization: SimAuthorizationStatus
    public var accuracyAuthorization: SimAccuracyAuthorization
    public var locationServicesEnabled: Bool
    public var timeline: [SimScenarioEvent]
    public var untimedSpeed: Double
    public var seed: UInt64
    public var lenient: Bool
}
