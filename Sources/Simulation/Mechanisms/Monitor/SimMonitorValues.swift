import Foundation
import Geodesy
import PlatformShapes

/// `CLMonitor.Event.State` (`CLMonitoringState`): what Core Location last said of a condition (§11).
public enum SimMonitoringState: String, Hashable, Sendable, Codable, CaseIterable, LocationMonitoringState {
    /// Not determined yet (the state of a condition added without `assuming`).
    case unknown
    /// The device is inside the circle.
    case satisfied
    /// The device is outside the circle.
    case unsatisfied
    /// Core Location does not monitor the condition (the app monitors too many).
    case unmonitored
}

/// `CLMonitor.CircularGeographicCondition`: a circle the monitor watches (§11); satisfied
/// while the device is inside it.
///
/// ```swift
/// monitor.add(SimCircularGeographicCondition(center: cafe, radius: 150), identifier: "cafe", assuming: .unsatisfied)
/// ```
public struct SimCircularGeographicCondition: Hashable, Sendable, Codable {
    public var center: GeoCoordinate
    /// Metres.
    public var radius: Double

    public init(center: GeoCoordinate, radius: Double) {
        self.center = center
        self.radius = radius
    }

    /// Whether `coordinate` lies inside the circle.
    public func contains(_ coordinate: GeoCoordinate) -> Bool {
        Geodesy.distance(from: center, to: coordinate) <= radius
    }

    /// The condition as the event log names it, with its identifier.
    public func record(_ identifier: String) -> SimRegionRecord {
        SimRegionRecord(identifier: identifier, latitude: center.latitude, longitude: center.longitude, radius: radius)
    }
}

/// `CLMonitor.Event`: a condition's state changed, as the monitor's `events` deliver it.
public struct SimMonitorEvent: Hashable, Sendable, LocationMonitorEventDiagnostics {
    /// The condition's identifier.
    public var identifier: String
    /// Its new state.
    public var state: SimMonitoringState
    /// When Core Location determined the state, in simulated time (an event held while the app
    /// had not opened the monitor keeps its time).
    public var time: SimInstant
    /// `date`: the same moment as Core Location dates it.
    public var date: Date
    /// iOS 18+: the condition is not monitored because the app monitors too many conditions and
    /// regions (20); on iOS 17 the property does not exist and reads false here.
    public var conditionLimitExceeded: Bool
    /// iOS 18+: the app had approximate location only when the event reached it.
    public var accuracyLimited = false
    /// A circle is the one condition the simulation has and every device it models monitors
    /// circles: always false. [model]
    public var conditionUnsupported: Bool { false }
    /// A circle has no finer condition: always `nil`. [model]
    public var refinement: SimCircularGeographicCondition? { nil }

    /// An event; `startDate` is the date of simulated time 0.
    public init(identifier: String, state: SimMonitoringState, time: SimInstant, startDate: Date, conditionLimitExceeded: Bool = false) {
        self.identifier = identifier
        self.state = state
        self.time = time
        date = startDate.addingTimeInterval(time.seconds)
        self.conditionLimitExceeded = conditionLimitExceeded
    }
}

/// `CLMonitor.Record`: a condition and the last event the app received for it (for a condition
/// that had none yet, its assumed state at the time it was added).
public struct SimMonitorRecord: Hashable, Sendable, LocationMonitorRecord {
    public var condition: SimCircularGeographicCondition
    public var lastEvent: SimMonitorEvent
}
