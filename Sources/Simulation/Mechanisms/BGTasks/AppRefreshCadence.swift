import Foundation

/// When the system runs an app's Background App Refresh (§12 "When app refresh runs"): the
/// parameters of `profile.bgTasks.refresh`, shared by `BGAppRefreshTask` and the legacy background
/// fetch (`setMinimumBackgroundFetchInterval`), which run on the same system schedule.
///
/// Apple says only that the system learns from usage ("the system decides… based on how the user
/// uses the app", WWDC 2019 session 707; WWDC 2020 session 10063) [doc][wwdc]; developers report
/// first runs hours after the earliest date, fewer runs for an app not opened, none for days
/// after a fresh install [obs]. These numbers are a parameterised model, the spread to test a
/// design against, not a promise. [model]
///
/// ```swift
/// var profile = SimProfile.iOS17
/// profile.bgTasks.refresh.backoff = 1            // no back-off without use
/// profile.bgTasks.refresh = .fixed(seconds: 100)  // every delay 100 s, as a test wants
/// ```
public struct AppRefreshCadence: Hashable, Sendable, Codable {
    /// Median of the system's delay after max(earliestBeginDate, submit), in seconds (2 h):
    /// the delay is lognormal, drawn with the run's seed. [model][obs]
    public var delayMedian: Double = 7_200
    /// 90th percentile of that delay, in seconds (8 h); not below ``delayMedian``. [model][obs]
    public var delayP90: Double = 28_800
    /// The least delay, in seconds (15 min: Apple's sample asks for runs "no earlier than 15
    /// minutes from now", and the field sees none sooner). [doc][obs]
    public var delayMinimum: Double = 900
    /// Each run with no opening of the app since the last multiplies the next delay by this. [model]
    public var backoff: Double = 2
    /// Runs without an opening after which none comes until the user opens the app. [model]
    public var maxRunsWithoutUse = 4
    /// Days since the user last opened the app after which no refresh runs until it is opened
    /// again. The run starts just after the user last used the app. [model][obs]
    public var recentUseDays: Double = 7
    /// Hours a new install waits before its first refresh (the field reports 1–4 days); the run's
    /// start is the install. Default 0: an app in use for a while. [model][obs]
    public var learningHours: Double = 0

    /// The settled defaults above.
    public init() {}

    /// Every delay exactly `seconds` (no spread, no minimum), with no back-off and no limit on
    /// runs without use: the cadence a test of something else wants.
    public static func fixed(seconds: Double) -> AppRefreshCadence {
        var cadence = AppRefreshCadence()
        cadence.delayMedian = seconds
        cadence.delayP90 = seconds
        cadence.delayMinimum = 0
        cadence.backoff = 1
        cadence.maxRunsWithoutUse = .max
        return cadence
    }

    /// The lognormal's σ: ln(p90 / median) over the standard normal's 90th percentile.
    var sigma: Double {
        guard delayMedian > 0, delayP90 > delayMedian else { return 0 }
        return log(delayP90 / delayMedian) / Self.normalQuantile(0.9)
    }

    /// The delay, in whole seconds, for the uniform draw `u` (0…1) after `runsWithoutUse` runs
    /// with no opening: max(minimum, median·e^(σ·Φ⁻¹(u))) · backoff^runs.
    public func delay(u: Double, runsWithoutUse: Int) -> Double {
        let z = Self.normalQuantile(min(max(u, 1e-12), 1 - 1e-12))
        let drawn = max(delayMinimum, delayMedian * exp(sigma * z))
        return (drawn * pow(backoff, Double(max(0, runsWithoutUse)))).rounded()
    }

    /// Φ⁻¹(p), the standard normal quantile, by Wichura's algorithm AS 241 (PPND16, about 16
    /// digits): the draw is the quantile of a uniform, so a test can name the delay at a known `u`.
    static func normalQuantile(_ p: Double) -> Double {
        let q = p - 0.5
        if abs(q) <= 0.425 {
            let r = 0.180625 - q * q
            return q * horner(r, central.numerator) / horner(r, central.denominator)
        }
        let tail = q < 0 ? p : 1 - p
        guard tail > 0 else { return q < 0 ? -.infinity : .infinity }
        let r = (-log(tail)).squareRoot()
        let value = r <= 5
            ? horner(r - 1.6, intermediate.numerator) / horner(r - 1.6, intermediate.denominator)
            : horner(r - 5, far.numerator) / horner(r - 5, far.denominator)
        return q < 0 ? -value : value
    }

    /// Σ cᵢ·xⁱ, the coefficients from the constant term up.
    private static func horner(_ x: Double, _ coefficients: [Double]) -> Double {
        coefficients.reversed().reduce(0) { $0 * x + $1 }
    }

    // AS 241's coefficients (Wichura 1988, Applied Statistics 37, 477–484), constant term first.
    private static let central = (
        numerator: [3.387132872796366608, 133.14166789178437745, 1971.5909503065514427, 13731.693765509461125,
                     45921.953931549871457, 67265.770927008700853, 33430.575583588128105, 2509.0809287301226727],
        denominator: [1, 42.313330701600911252, 687.1870074920579083, 5394.1960214247511077,
                      21213.794301586595867, 39307.89580009271061, 28729.085735721942674, 5226.495278852545925])
    private static let intermediate = (
        numerator: [1.42343711074968357734, 4.6303378461565452959, 5.7694972214606914055, 3.64784832476320460504,
                     1.27045825245236838258, 0.24178072517745061177, 0.0227238449892691845833, 7.7454501427834140764e-4],
        denominator: [1, 2.05319162663775882187, 1.6763848301838038494, 0.68976733498510000455,
                      0.14810397642748007459, 0.0151986665636164571966, 5.475938084995344946e-4, 1.05075007164441684324e-9])
    private static let far = (
        numerator: [6.6579046435011037772, 5.4637849111641143699, 1.7848265399172913358, 0.29656057182850489123,
                     0.026532189526576123093, 0.0012426609473880784386, 2.71155556874348757815e-5, 2.01033439929228813265e-7],
        denominator: [1, 0.59983220655588793769, 0.13692988092273580531, 0.0148753612908506148525,
                      7.868691311456132591e-4, 1.8463183175100546818e-5, 1.4215117583164458887e-7, 2.04426310338993978564e-15])
}
