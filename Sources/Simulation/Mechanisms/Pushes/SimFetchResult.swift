/// `UIBackgroundFetchResult`.
public enum SimFetchResult: String, Hashable, Sendable, Codable {
    case newData, noData, failed
}
