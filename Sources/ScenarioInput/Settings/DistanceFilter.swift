import Simulation

/// `--distance-filter`: the metres a fix must lie from the last delivered one, or none
/// (`kCLDistanceFilterNone`: every fix is delivered).
public enum DistanceFilter: Hashable, Sendable, SettingValue {
    case none
    case meters(Double)

    /// How options and scenario files write ``none``.
    public static let noneText = "none"

    public init?(settingText text: String) {
        if text == Self.noneText {
            self = .none
        } else if let metres = Double(text) {
            self = .meters(metres)
        } else {
            return nil
        }
    }

    public static func notAValue(_ text: String) -> String {
        "'\(text)' is neither a number of metres nor '\(noneText)'"
    }

    /// As `CLLocationManager.distanceFilter` holds it: metres, or ``simDistanceFilterNone`` (−1).
    public var coreLocationValue: Double {
        switch self {
        case .none: simDistanceFilterNone
        case .meters(let metres): metres
        }
    }
}
