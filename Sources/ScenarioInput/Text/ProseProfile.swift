import Simulation

/// Words for the profile a run used, and why when it was asked for by an iOS version.
extension Prose {
    /// "iOS 14", "iOS 4–6", "iOS 16.0–16.3", "iOS 16.4–16.x": the releases of an era.
    public static func versions(_ span: SimOSVersionSpan) -> String {
        let last = span.until.minor == 0 && span.until.patch == 0 ? span.until.major - 1 : span.until.major
        if span.from.minor == 0, span.until.minor == 0, span.until.patch == 0 {
            return span.from.major == last ? "iOS \(last)" : "iOS \(span.from.major)–\(last)"
        }
        let end = span.until.minor == 0 ? "\(last).x" : "\(last).\(span.until.minor - 1)"
        return "iOS \(span.from.major).\(span.from.minor)–\(end)"
    }

    /// "iOS 14–16": the major versions of a range.
    @available(*, deprecated, message: "Use versions(_: SimOSVersionSpan): eras split at point releases.")
    public static func versions(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "iOS \(range.lowerBound)" : "iOS \(range.lowerBound)–\(range.upperBound)"
    }

    /// "iOS 16.3 → ios16 profile (covers iOS 16.0–16.3)" when the profile was picked by a
    /// version; else the profile's name.
    public static func profile(_ profile: SimProfile) -> String {
        guard let version = profile.requestedOSVersion else { return profile.name }
        return "iOS \(version) → \(profile.name) profile\(profile.span.map { " (covers \(versions($0)))" } ?? "")"
    }
}
