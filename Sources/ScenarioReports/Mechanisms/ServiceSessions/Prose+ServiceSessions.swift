import ScenarioInput
import ScenarioRun
import Simulation

// MARK: CLServiceSession (§10)

extension Prose {
    /// A service-session event as the timeline's line.
    static func text(_ session: ServiceSessionEvent) -> String {
        func name(_ requirement: SimServiceSessionRequirement) -> String { "CLServiceSession(authorization: .\(requirement.rawValue))" }
        return switch session {
        case .began(let requirement, true): "\(name(requirement)) created in use: active"
        case .began(let requirement, false):
            "\(name(requirement)) created while the app is not in use: insufficientlyInUse until it is on screen"
        case .rejoined(let requirement): "the relaunched app re-created its \(name(requirement)) in time: active"
        case .activated(let requirement): "the app is on screen: its \(name(requirement)) is active"
        case .invalidated(let requirement): "the app invalidated its \(name(requirement))"
        case .notRejoined(let requirements):
            "the relaunched app did not re-create its \(requirements.map(name).joined(separator: ", ")) at once: the session\(requirements.count == 1 ? " is" : "s are") gone"
        case .implicit: "an implicit When In Use service session for live updates, monitoring or the background activity session"
        case .diagnostics(let requirement, []): "\(name(requirement)): no diagnostics"
        case .diagnostics(let requirement, let diagnostics):
            "\(name(requirement)) diagnostic: \(diagnostics.map(\.rawValue).joined(separator: ", "))"
        }
    }

    static func text(_ warning: ServiceSessionWarning) -> String {
        switch warning {
        case .unavailable(let profile): "CLServiceSession needs iOS 18: on \(profile) it does nothing"
        }
    }
}
