import Scripting
import Simulation

/// The kinds of number a replay takes, each with its valid range from ``SimLimits`` and the
/// words a message uses for it; the command line and scenario files check with the same ones.
enum SettingRange {
    /// Seconds from the start of the trip: `--enter-background-at`, `--lock-at`, `--revoke-at`, `at`.
    case time
    /// A duration that must pass, in seconds: `--budget`.
    case positiveDuration
    /// A wait in seconds that may be none: a script's `after`.
    case duration
    /// A script timer's `every`: at least ``AppScript/Timer/minimumSeconds``.
    case timerInterval
    /// Metres: `--distance-filter`.
    case distance
    /// Metres per second: `--speed`.
    case speed
    // MARK: Regions (§11)
    /// Degrees north: a script's `monitor-region` `latitude`.
    case latitude
    /// Degrees east: `monitor-region` `longitude`.
    case longitude
    /// Metres, above zero: `monitor-region` `radius`.
    case radius
    // MARK: §12 BGContinuedProcessingTask
    /// A whole number of progress units: `report-progress` `completed`, `add`, `total`.
    case unitCount
    // MARK: Plugin configurations (Scenario/Plugins)
    /// A wait in minutes: a plugin's `stopTimeout`.
    case minutes
    /// A wait in milliseconds: the Flutter `location` plugin's `interval`.
    case milliseconds
    // MARK: Goals (spec §4)
    /// A share from 0 to 1: a goal's `fraction`.
    case fraction
    // MARK: §15 Device conditions
    /// Shares of a full charge gained per hour while charging: the `power` event's `chargePerHour`.
    case chargeRate

    /// The fastest charge a scenario may give: a full battery in a minute, far past any charger.
    static let maximumChargePerHour = 60.0

    /// Whether `value` is valid (never NaN or infinite: the ranges are finite).
    func contains(_ value: Double) -> Bool {
        switch self {
        case .time: SimLimits.times.contains(value)
        case .positiveDuration: SimLimits.positiveDurations.contains(value)
        case .duration: SimLimits.times.contains(value)
        case .timerInterval: value >= AppScript.Timer.minimumSeconds && SimLimits.times.contains(value)
        case .distance: SimLimits.distances.contains(value)
        case .speed: SimLimits.speeds.contains(value)
        case .latitude: (-90.0...90).contains(value)
        case .longitude: (-180.0...180).contains(value)
        case .radius: value > 0 && SimLimits.distances.contains(value)
        case .unitCount: value.rounded() == value && (0...Double(SimProgress.maximumUnitCount)).contains(value)
        case .fraction: (0.0...1).contains(value)
        case .chargeRate: value > 0 && value <= Self.maximumChargePerHour
        case .minutes: SimLimits.times.contains(value * 60)
        case .milliseconds: SimLimits.times.contains(value / 1000)
        }
    }

    /// What a valid value is, with its range: "a time from the start (0…3155760000 s: 100 years)".
    var expectation: String {
        let years = "\(Formatting.short(SimLimits.maximumSeconds)) s: 100 years"
        switch self {
        case .time: return "a time from the start (0…\(years))"
        case .positiveDuration: return "a positive duration (\(SimLimits.positiveDurations.lowerBound)…\(years))"
        case .duration: return "a duration (0…\(years))"
        case .timerInterval: return "an interval of at least a second (\(Formatting.short(AppScript.Timer.minimumSeconds))…\(years))"
        case .distance: return "a distance (0…\(Formatting.short(SimLimits.distances.upperBound)) m, the Earth's circumference)"
        case .speed: return "a speed (above 0, up to \(Formatting.short(SimLimits.speeds.upperBound)) m/s, the speed of light)"
        case .latitude: return "a latitude (-90…90 degrees)"
        case .longitude: return "a longitude (-180…180 degrees)"
        case .radius: return "a radius (above 0, up to \(Formatting.short(SimLimits.distances.upperBound)) m, the Earth's circumference)"
        case .unitCount: return "a whole number of units (0…\(Formatting.short(Double(SimProgress.maximumUnitCount))))"
        case .fraction: return "a fraction (0…1)"
        case .chargeRate: return "a charge rate (above 0, up to \(Formatting.short(Self.maximumChargePerHour)) full charges an hour)"
        case .minutes: return "a number of minutes (0…\(Formatting.short(SimLimits.maximumSeconds / 60)) min: 100 years)"
        case .milliseconds: return "a number of milliseconds (0…\(Formatting.short(SimLimits.maximumSeconds * 1000)) ms: 100 years)"
        }
    }

    /// "VALUE is not EXPECTATION", or `nil` when `value` is valid.
    func problem(_ value: Double) -> String? {
        contains(value) ? nil : "\(value) is not \(expectation)"
    }
}
