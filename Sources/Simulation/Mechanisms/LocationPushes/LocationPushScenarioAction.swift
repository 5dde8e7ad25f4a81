/// What a scenario sends the app's location pushes (§16): a `SimScenarioEvent.Action.locationPushes`.
public enum LocationPushScenarioAction: Hashable, Sendable, Codable {
    /// An APNs push of type `location` arrives for the app.
    case arrive

    /// A push is not the user's doing.
    var isUserInteraction: Bool { false }

    /// Hands it to the run's location pushes.
    @MainActor
    func apply(to system: SimSystem) {
        switch self {
        case .arrive: system.mechanism(LocationPushes.self)?.arrive(in: system)
        }
    }
}
