import AppleDeclarations
import Foundation
import PlatformShapes
import ShapeLogic
import Testing

// App logic over CLMonitor (Tests/ShapeLogic, PlatformShapes only): type-checked here against Apple's declarations.

/// The state's four cases, in Apple's spelling, through the shape.
private func states<State: LocationMonitoringState>(_: State.Type) -> [State] {
    [.unknown, .satisfied, .unsatisfied, .unmonitored]
}


@MainActor @Suite struct MonitorShapeTests {
    /// The static requirements are Apple's four states, with Apple's raw values.
    @Test func theStatesAreApples() {
        #expect(states(CLMonitor.Event.State.self).map(\.rawValue) == [0, 1, 2, 3])
    }

    /// What generic code names on the device: Apple's types; a circle goes in as Apple's
    /// `any CLCondition`.
    @Test func theAssociatedTypesAreApples() {
        func types<Monitor: LocationMonitoring>(_: Monitor.Type) -> [Any.Type] {
            [Monitor.Condition.self, Monitor.Event.self, Monitor.Record.self, Monitor.Events.self, Monitor.Event.Refinement.self]
        }
        #expect(types(CLMonitor.self).map(ObjectIdentifier.init)
                == [(any CLCondition).self, CLMonitor.Event.self, CLMonitor.Record.self, CLMonitor.Events.self, (any CLCondition).self].map(ObjectIdentifier.init))
        // The proof is that these compile (not run: Apple's monitor is signatures here).
        let _: (CLMonitor, any CLCondition, String) async throws -> ([CLMonitor.Event], CLMonitoringState?, [String]) = { monitor, condition, identifier in
            let watched = try await watchUntilExit(monitor, condition, as: identifier)
            return (watched.heard, watched.last, watched.left)
        }
        let _: (CLMonitor.Event) -> [String] = diagnostics
        let _: (String) async -> CLMonitor = { await CLMonitor($0) }
        let _: any CLCondition = CLMonitor.CircularGeographicCondition(center: CLLocationCoordinate2D(latitude: 47, longitude: 8), radius: 150)
    }
}
