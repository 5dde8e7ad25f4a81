/// A location service of `CLLocationManager`.
public enum SimLocationService: String, Hashable, Sendable, Codable {
    case standardUpdates
    case significantChanges
}
