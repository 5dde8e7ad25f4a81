import Simulation

/// Words for the profile a run used, and why when it was asked for by an iOS version.
extension Prose {
    /// "iOS 14–16", "iOS 17".
    public static func versions(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "iOS \(range.lowerBound)" : "iOS \(range.lowerBound)–\(range.upperBound)"
    }

    /// "ios16 → ios14 profile (covers iOS 14–16)" when the profile stands in for the version
    /// asked for; else the profile's name.
    public static func profile(_ profile: SimProfile) -> String {
        guard let version = profile.requestedVersion else { return profile.name }
        return "ios\(version) → \(profile.name) profile\(profile.coversVersions.map { " (covers \(versions($0)))" } ?? "")"
    }
}
