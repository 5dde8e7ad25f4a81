import Foundation
import Geodesy
import Scripting
import Simulation

/// A straight drive east from (47, 8) at `speed` m/s, one sample a second, standing still during `stops`.
public func drive(seconds: Int, speed: Double = 10, stops: [ClosedRange<Int>] = [], gaps: [ClosedRange<Int>] = []) -> Trajectory {
    var pieces: [[TrajectorySample]] = [[]]
    var metres = 0.0
    for second in 0...seconds {
        if second > 0, !stops.contains(where: { $0.contains(second) && $0.lowerBound != second }) { metres += speed }
        if gaps.contains(where: { $0.contains(second) }) {
            if !(pieces.last!.isEmpty) { pieces.append([]) }
            continue
        }
        let coordinate = GeoCoordinate(latitude: 47, longitude: 8 + metres / (111_320 * cos(47 * Double.pi / 180)))
        pieces[pieces.count - 1].append(TrajectorySample(time: Double(second), coordinate: coordinate, altitude: 400))
    }
    return Trajectory(pieces: pieces)
}

/// An event's time and typed detail, for exact comparisons.
public struct At: Equatable, CustomStringConvertible {
    public let time: Double
    public let detail: SimEventDetail
    public init(_ time: Double, _ detail: SimEventDetail) {
        self.time = time
        self.detail = detail
    }
    public var description: String { "\(time) \(detail)" }
}

/// The events of some kinds, as times and details.
public func log(_ result: SimulationResult, _ kinds: Set<SimEvent.Kind>) -> [At] {
    result.events.filter { kinds.contains($0.kind) }.map { At($0.time, $0.detail) }
}

/// A state change, as `log` lists it.
public func state(_ time: Double, _ from: SimAppState, _ to: SimAppState, _ cause: SimCause) -> At {
    At(time, .stateChange(from: from, to: to, cause: cause))
}

/// A configuration with an app already granted `authorization`, so tests start from a known state.
public func configuration(
    _ trajectory: Trajectory, profile: SimProfile = .iOS17, policy: KeepAlivePolicy = .session,
    authorization: SimAuthorizationStatus = .authorizedAlways, timeline: [SimScenarioEvent] = [],
    capabilities: SimCapabilities = SimCapabilities()
) -> SimulationConfiguration {
    SimulationConfiguration(
        trajectory: trajectory, profile: profile, policy: policy, capabilities: capabilities,
        initialAuthorization: authorization, timeline: timeline)
}

/// `base` with fixes exactly on the true positions, so that distance-filter tests have exact times.
public func exact(_ base: SimProfile) -> SimProfile {
    var profile = base
    profile.accuracyProfiles = profile.accuracyProfiles.mapValues { accuracy in
        var accuracy = accuracy
        accuracy.horizontalAccuracy = accuracy.horizontalAccuracy.lowerBound...accuracy.horizontalAccuracy.lowerBound
        accuracy.errorFraction = 0
        return accuracy
    }
    return profile
}

/// Runs the standard app pattern with `settings` and returns the result and the app.
@MainActor
public func runStandard(
    _ configuration: SimulationConfiguration, _ adjust: (inout StandardNavigationApp.Settings) -> Void = { _ in }
) -> (SimulationResult, StandardNavigationApp) {
    var settings = StandardNavigationApp.Settings()
    adjust(&settings)
    let app = StandardNavigationApp(settings: settings)
    return (KeepAliveSimulation(configuration, app: app).run(), app)
}

public func deliveredTimes(_ result: SimulationResult) -> [Double] {
    result.events.filter { $0.kind == .fixDelivered }.map(\.time)
}

/// `base` with every region, CLMonitor and visit event reaching the app exactly `seconds` after
/// it counts (§11's drawn delay made constant: median = 90th percentile), so tests of other rules
/// (wakes, relaunches) have exact times.
public func fixedReportDelay(_ base: SimProfile, _ seconds: Double) -> SimProfile {
    var profile = base
    profile.regions.reportDelayMedian = seconds
    profile.regions.reportDelayNinetiethPercentile = seconds
    profile.regions.reportDelayMaximum = max(profile.regions.reportDelayMaximum, seconds)
    return profile
}

/// ``configuration(_:profile:policy:authorization:timeline:capabilities:)`` with §11's drawn
/// report delay made the constant `reportDelay`, for tests of the rules around an event (wakes,
/// relaunches, held events) that need its exact time.
public func configuration(
    _ trajectory: Trajectory, reportDelay: Double, profile: SimProfile = .iOS17,
    authorization: SimAuthorizationStatus = .authorizedAlways, timeline: [SimScenarioEvent] = []
) -> SimulationConfiguration {
    configuration(trajectory, profile: fixedReportDelay(profile, reportDelay), authorization: authorization, timeline: timeline)
}

/// Where spec §4 anchors a location gap whose first missed second is `firstMissed`, worked out
/// from the run's delivered fixes and the track, apart from the meter: the last fix at or
/// before it, or the previous gap's end, whichever is later; then, if the device stood still
/// after that (a second with a position under `movingSpeed`), the first moving second after
/// its last still one.
public func expectedAnchor(firstMissed: Double, fixes: [Double], previousEnd: Double = 0, on trajectory: Trajectory, movingSpeed: Double = 1) -> Double {
    let anchor = max(fixes.last { $0 <= firstMissed } ?? trajectory.startTime, previousEnd)
    func speed(_ second: Int) -> Double? { trajectory.position(at: Double(second))?.speed }
    guard let still = (Int(anchor.rounded(.up))..<Int(firstMissed)).last(where: { speed($0).map { $0 < movingSpeed } ?? false }) else { return anchor }
    let moving = (still + 1...Int(firstMissed)).first { speed($0).map { $0 >= movingSpeed } ?? false } ?? Int(firstMissed)
    return Double(moving)
}
