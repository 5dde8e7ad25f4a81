/// `UIBackgroundFetchResult`.
public enum SimFetchResult: String, Hashable, Sendable, Codable, CaseIterable {
    case newData, noData, failed
}
