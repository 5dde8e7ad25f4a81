/// What a scenario sends the app (§14): a `SimScenarioEvent.Action.pushes`.
public enum PushScenarioAction: Hashable, Sendable, Codable {
    /// A silent push, a VoIP push or a background fetch arrives.
    case arrive(SimPushKind)

    /// Hands it to the run's pushes.
    @MainActor
    public func apply(to system: SimSystem) {
        switch self {
        case .arrive(let kind): system.mechanism(PushNotifications.self)?.arrive(kind, in: system)
        }
    }
}
