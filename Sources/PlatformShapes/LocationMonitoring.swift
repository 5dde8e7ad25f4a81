import Foundation

/// `CLMonitor` (iOS 17) in Apple's shape: an actor on the device, so every member is `async`
/// and app code writes Apple's `await`s.
///
/// ```swift
/// func exitTimes<Monitor: LocationMonitoring>(_ monitor: Monitor, watching condition: Monitor.Condition) async throws -> [Date] {
///     await monitor.add(condition, identifier: "cafe", assuming: .satisfied)
///     var exits: [Date] = []
///     for try await event in await monitor.events where event.identifier == "cafe" {
///         if event.state == .unsatisfied { exits.append(event.date) }
///     }
///     return exits
/// }
/// ```
///
/// The app makes the monitor and its conditions: `await CLMonitor("Geofences")` and
/// `CLMonitor.CircularGeographicCondition(center:radius:)` on the device,
/// `await application.monitor("Geofences")` and `SimCircularGeographicCondition` in a test (a
/// simulated monitor belongs to its application, so no protocol can ask for Apple's
/// initializer). Apple's `add` takes `any CLCondition`, so ``Condition`` is that on the device.
/// Apple's sequence throws as it is iterated, so write `for try await`.
public protocol LocationMonitoring: AnyObject, Sendable {
    /// What `add` takes: `any CLCondition`.
    associatedtype Condition: Sendable
    /// `CLMonitor.Event`.
    associatedtype Event: LocationMonitorEvent & Sendable
    /// `CLMonitor.Record`.
    associatedtype Record: LocationMonitorRecord & Sendable where Record.Event == Event
    /// `CLMonitor.Events`: an async sequence of ``Event`` whose iteration may throw.
    associatedtype Events: AsyncSequence & Sendable where Events.Element == Event

    /// The identifiers of the monitor's conditions.
    var identifiers: [String] { get async }
    /// The monitor's events.
    var events: Events { get async }
    /// Monitors `condition` under `identifier`, assuming `state` until Core Location tells.
    func add(_ condition: Condition, identifier: String, assuming state: Event.State) async
    /// Stops monitoring the condition and drops its record.
    func remove(_ identifier: String) async
    /// The condition and the last event the app received for it; `nil` for an unknown identifier.
    func record(for identifier: String) async -> Record?
}

/// `CLMonitor.Event.State` (`CLMonitoringState`), as Apple's case names.
public protocol LocationMonitoringState: Equatable, Sendable {
    static var unknown: Self { get }
    static var satisfied: Self { get }
    static var unsatisfied: Self { get }
    static var unmonitored: Self { get }
}

/// `CLMonitor.Event` (iOS 17): a condition's state, as the monitor's `events` deliver it.
public protocol LocationMonitorEvent {
    /// `CLMonitor.Event.State`.
    associatedtype State: LocationMonitoringState
    /// The type of ``refinement``: `any CLCondition` on the device.
    associatedtype Refinement
    /// The condition's identifier.
    var identifier: String { get }
    /// Its state.
    var state: State { get }
    /// When Core Location determined the state.
    var date: Date { get }
    /// The most specific condition the event applies to, if any.
    var refinement: Refinement? { get }
}

/// `CLMonitor.Event`'s diagnostics (iOS 18), one Boolean each. Generic code asks for them with
/// `where Monitor.Event: LocationMonitorEventDiagnostics`.
public protocol LocationMonitorEventDiagnostics: LocationMonitorEvent {
    /// The app has approximate location only.
    var accuracyLimited: Bool { get }
    /// Core Location cannot monitor this kind of condition on this device.
    var conditionUnsupported: Bool { get }
    /// The app monitors too many conditions and regions.
    var conditionLimitExceeded: Bool { get }
}

/// `CLMonitor.Record`: a condition and the last event the app received for it.
public protocol LocationMonitorRecord {
    /// `CLMonitor.Event`.
    associatedtype Event: LocationMonitorEvent
    /// The most recent event.
    var lastEvent: Event { get }
}

#if canImport(CoreLocation) && os(iOS)
import CoreLocation

extension CLMonitoringState: LocationMonitoringState {}
@available(iOS 17.0, *)
extension CLMonitor.Event: LocationMonitorEvent {}
@available(iOS 18.0, *)
extension CLMonitor.Event: LocationMonitorEventDiagnostics {}
@available(iOS 17.0, *)
extension CLMonitor.Record: LocationMonitorRecord {}
@available(iOS 17.0, *)
extension CLMonitor: LocationMonitoring {}
#endif
