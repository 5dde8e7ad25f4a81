import Foundation
import PlatformShapes

// App logic that knows only the shapes: MonitorShapeTests type-checks it against Apple's declarations,
// MonitorShapeSimTests runs it on the simulation. One copy, so both prove the same code.

/// Library.md's snippet: adds the condition, hears it until the device leaves it, reads its
/// record, removes it, and returns what is left.
@MainActor package func watchUntilExit<Monitor: LocationMonitoring>(
    _ monitor: Monitor, _ condition: Monitor.Condition, as identifier: String
) async throws -> (heard: [Monitor.Event], last: Monitor.Event.State?, left: [String]) {
    await monitor.add(condition, identifier: identifier, assuming: .unsatisfied)
    var heard: [Monitor.Event] = []
    for try await event in await monitor.events where event.identifier == identifier {
        heard.append(event)
        if event.state == .unsatisfied { break }
    }
    let last = await monitor.record(for: identifier)?.lastEvent.state
    await monitor.remove(identifier)
    return (heard, last, await monitor.identifiers)
}

/// iOS 18's diagnostics of an event, by Apple's property names.
package func diagnostics<Event: LocationMonitorEventDiagnostics>(_ event: Event) -> [String] {
    [
        event.accuracyLimited ? "accuracyLimited" : nil,
        event.conditionUnsupported ? "conditionUnsupported" : nil,
        event.conditionLimitExceeded ? "conditionLimitExceeded" : nil,
        event.refinement != nil ? "refinement" : nil,
    ].compactMap { $0 }
}
