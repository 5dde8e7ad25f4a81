import Foundation

/// A replay setting's value as options write it: `--accuracy 100m`, `--distance-filter none`.
public protocol SettingValue: Hashable, Sendable {
    /// The value `text` writes, or `nil` when it writes none.
    init?(settingText text: String)
    /// What is wrong with `text`, which writes no value: "'5m' is not one of best-for-navigation, …".
    static func notAValue(_ text: String) -> String
}

/// A list of names, as `--background-modes location,fetch` writes it: comma-separated, blanks
/// around a name and empty names skipped.
extension Array: SettingValue where Element: NamedSetting {
    public init?(settingText text: String) {
        var values: [Element] = []
        for name in Self.names(text) {
            guard let value = Element(settingText: name) else { return nil }
            values.append(value)
        }
        self = values
    }

    /// The problem with the first name that is not a value.
    public static func notAValue(_ text: String) -> String {
        Element.notAValue(names(text).first { Element(settingText: $0) == nil } ?? text)
    }

    private static func names(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
