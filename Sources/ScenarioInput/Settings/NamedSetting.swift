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

/// `--profile`: the named profiles (eras, §16), oldest first, then the debugger's; or an iOS
/// version, which runs the era whose span holds it (``SimProfile/covering(_:)``).
extension SimProfile: NamedSetting {
    public static var allCases: [SimProfile] { all }
    public var settingName: String { name }

    /// A profile's name in any case (`iOS17`, `ios16.4`), or an iOS version as people write it
    /// (`16`, `iOS 16`, `16.3`, `15.2.1`): the era holding it, marked with the version asked for.
    public init?(settingText text: String) {
        if let name = Suggestion.spelled(text, among: Self.settingNames), let profile = Self.all.first(where: { $0.name == name }) {
            self = profile
        } else if let version = SimOSVersion(text), let profile = Self.covering(version) {
            self = profile
        } else {
            return nil
        }
    }

    public static func notAValue(_ text: String) -> String {
        if SimOSVersion(text) != nil {
            return "'\(text)' is an iOS version no profile covers (\(versionRanges))"
        }
        return "'\(text)' is not a profile or an iOS version (\(versionRanges); or debugger)\(Suggestion.didYouMean(text, among: settingNames))"
    }

    /// "ios6: iOS 4–6, ios7: iOS 7–8, …, ios16: iOS 16.0–16.3, …": the device profiles and the
    /// releases each covers.
    package static var versionRanges: String {
        all.filter(\.suspendsApps).compactMap { profile in
            profile.span.map { "\(profile.name): \(Prose.versions($0))" }
        }.joined(separator: ", ")
    }

    /// This profile as the run asked for it, without the version: two entries of a list that
    /// give the same rules (`16.0` and `16.2`) would replay the same cells twice.
    package var rules: SimProfile {
        var profile = self
        profile.requestedOSVersion = nil
        return profile
    }

    /// The profile as written: its name, or the iOS version asked for (`ios16.3`).
    public var writtenName: String { requestedOSVersion.map { "ios\($0)" } ?? name }
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
