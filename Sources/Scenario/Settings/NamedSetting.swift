import Simulation

/// A setting's value that options and scenario files write by its name: `--accuracy 100m`,
/// `profile: ios13`. The names, in order, are the values' list in help texts and messages.
public protocol NamedSetting: SettingValue, CaseIterable {
    /// The value's name: `best-for-navigation`, `ios17`.
    var settingName: String { get }
}

extension NamedSetting {
    public init?(settingText text: String) {
        guard let value = Self.allCases.first(where: { $0.settingName == text }) else { return nil }
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

/// `--profile`: the named profiles, oldest first, then the debugger's.
extension SimProfile: NamedSetting {
    public static var allCases: [SimProfile] { all }
    public var settingName: String { name }
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
