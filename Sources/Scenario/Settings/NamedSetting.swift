import Simulation

/// A setting's value that options and scenario files write by its name: `--accuracy 100m`,
/// `profile: ios13`. The names, in order, are the values' list in help texts and messages.
public protocol NamedSetting: SettingValue, CaseIterable {
    /// The value's name: `best-for-navigation`, `ios17`.
    var settingName: String { get }
}

extension NamedSetting {
    /// The value named `text`, in any case and with `-` or `_` or neither (``Suggestion/spelled(_:among:)``).
    public init?(settingText text: String) {
        guard let name = Suggestion.spelled(text, among: Self.settingNames),
              let value = Self.allCases.first(where: { $0.settingName == name }) else { return nil }
        self = value
    }

    /// Every value's name, in order.
    public static var settingNames: [String] { allCases.map(\.settingName) }

    public static func notAValue(_ text: String) -> String {
        "'\(text)' is not one of \(Suggestion.choices(settingNames, near: text))\(Suggestion.didYouMean(text, among: settingNames))"
    }
}

extension NamedSetting where Self: RawRepresentable, RawValue == String {
    public var settingName: String { rawValue }
}

/// `--profile`: the named profiles, oldest first, then the debugger's; or an iOS version, which
/// runs the profile covering it (``SimProfile/coversVersions``).
extension SimProfile: NamedSetting {
    public static var allCases: [SimProfile] { all }
    public var settingName: String { name }

    /// A profile's name in any case (`iOS17`), or an iOS version as people write it (`16`,
    /// `ios16`, `iOS 16`, `ios16.4`): the profile covering it, marked with the version asked for.
    public init?(settingText text: String) {
        if let name = Suggestion.spelled(text, among: Self.settingNames), let profile = Self.all.first(where: { $0.name == name }) {
            self = profile
        } else if let version = Self.majorVersion(text), let profile = Self.covering(version: version) {
            self = profile
        } else {
            return nil
        }
    }

    public static func notAValue(_ text: String) -> String {
        if majorVersion(text) != nil {
            return "'\(text)' is an iOS version no profile covers (\(versionRanges))"
        }
        return "'\(text)' is not a profile or an iOS version (\(versionRanges); or debugger)\(Suggestion.didYouMean(text, among: settingNames))"
    }

    /// "ios6: iOS 4–6, ios7: iOS 7–8, …": the device profiles and the versions each covers.
    static var versionRanges: String {
        all.filter(\.suspendsApps).compactMap { profile in
            profile.coversVersions.map { "\(profile.name): \(Prose.versions($0))" }
        }.joined(separator: ", ")
    }

    /// The major version `text` writes (`16`, `ios16`, `iOS 16`, `ios16.4`, `16.4.1`), or nil.
    static func majorVersion(_ text: String) -> Int? {
        var rest = Substring(text.lowercased()).drop { $0 == " " }
        if rest.hasPrefix("ios") { rest = rest.dropFirst(3).drop { $0 == " " } }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
              parts.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        return Int(parts[0])
    }
}

/// `--policy`: `session` or `delivery`.
extension KeepAlivePolicy: NamedSetting {}

/// `--background-modes`: the Info.plist's `UIBackgroundModes`.
extension SimBackgroundMode: NamedSetting {
    public static func notAValue(_ text: String) -> String {
        "'\(text)' is not a background mode\(Suggestion.didYouMean(text, among: settingNames)) (\(Suggestion.choices(settingNames, near: text)))"
    }
}

/// `thermal: serious`, `--thermal serious`: `ProcessInfo.thermalState` (§15).
extension SimThermalState: NamedSetting {}
extension SimLowPowerLocationEffect: NamedSetting {}
