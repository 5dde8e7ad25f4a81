/// An iOS release as people write it: `16.4`, `15.2.1`, `26` (= 26.0).
///
/// Eras split at point releases (§16), so a profile's span and a user's version are compared
/// with minor and patch, never by the major version alone.
public struct SimOSVersion: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    /// A release; `minor` and `patch` default to 0.
    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// The version `text` writes: `16`, `ios16`, `iOS 16`, `ios16.4`, `16.4.1` (one to three
    /// numbers of one to three digits); `nil` for anything else.
    public init?(_ text: String) {
        var rest = Substring(text.lowercased()).drop { $0 == " " }
        if rest.hasPrefix("ios") { rest = rest.dropFirst(3).drop { $0 == " " } }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
              parts.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        self.init(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
    }

    public static func < (lhs: SimOSVersion, rhs: SimOSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// "16.4", "15.2.1", "26.0": the patch only when there is one.
    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }
}

/// The iOS releases an era covers (§16): from its first release up to, not including, the first
/// release of the next era.
public struct SimOSVersionSpan: Hashable, Sendable, Codable {
    /// The era's first release: 16.4 for `ios16.4`.
    public var from: SimOSVersion
    /// The first release the era no longer covers: 17.0 for `ios16.4`.
    public var until: SimOSVersion

    public init(from: SimOSVersion, until: SimOSVersion) {
        precondition(from < until, "an era covers at least one release")
        self.from = from
        self.until = until
    }

    /// Whether `version` is one of the era's releases.
    public func contains(_ version: SimOSVersion) -> Bool { from <= version && version < until }

    /// The major versions the span touches: 14...16 for iOS 14–16, 16...16 for 16.4–16.x.
    public var majors: ClosedRange<Int> { from.major...(until.minor == 0 && until.patch == 0 ? until.major - 1 : until.major) }
}
