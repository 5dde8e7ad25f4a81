import Foundation

/// §11 "When an event happens": how long a counted region, `CLMonitor` or visit event takes to
/// reach the app, drawn per event from the run's seed. Apple's "3 to 5 minutes on average" is
/// end to end from the crossing (an outcome of the threshold and this delay), so the delay itself
/// is short and skewed: a lognormal through `regions.reportDelayMedian` (30 s) and
/// `regions.reportDelayNinetiethPercentile` (120 s), never over `regions.reportDelayMaximum`
/// (300 s); with `regions.stallProbability` (0 by default) the event stalls instead, uniformly
/// `regions.stallMinimum`–`regions.stallMaximum` (30–180 min) late. [doc][obs][model]
struct ReportDelay: Sendable {
    /// The standard normal quantile of the 90th percentile, Φ⁻¹(0.9).
    static let ninetiethPercentileZ = 1.2815515655446004

    private var random: SeededRandom

    /// A stream of delays whose draws depend only on `seed` (the run's, salted by the caller so
    /// each mechanism has its own stream).
    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// The next event's delay in seconds. Two draws per event whatever the profile, so a stall
    /// probability changes which events stall, not the draws of the others.
    mutating func next(_ profile: RegionProfile) -> Double {
        let stall = random.unit()
        let u = random.unit()
        return Self.seconds(u: u, stallDraw: stall, profile)
    }

    /// The delay for the uniform draws `u` (the quantile) and `stallDraw` (whether it stalls),
    /// to the whole second, as the event log reads the mechanism's other times.
    static func seconds(u: Double, stallDraw: Double, _ profile: RegionProfile) -> Double {
        guard stallDraw < profile.stallProbability else { return quantile(u, profile).rounded() }
        return (profile.stallMinimum + u * max(0, profile.stallMaximum - profile.stallMinimum)).rounded()
    }

    /// The ordinary delay at quantile `u` of the capped lognormal: the median at 0.5, the 90th
    /// percentile at 0.9, at most the maximum. Equal median and 90th percentile give that
    /// constant (the deprecated fixed `eventLatency`).
    static func quantile(_ u: Double, _ profile: RegionProfile) -> Double {
        let median = max(0, profile.reportDelayMedian)
        let cap = max(0, profile.reportDelayMaximum)
        guard median > 0, profile.reportDelayNinetiethPercentile > median else { return min(median, cap) }
        let sigma = log(profile.reportDelayNinetiethPercentile / median) / ninetiethPercentileZ
        let p = min(max(u, .leastNonzeroMagnitude), 1 - .ulpOfOne)
        return min(cap, median * exp(sigma * standardNormalQuantile(p)))
    }

    /// Φ⁻¹(p) for 0 < p < 1: Acklam's rational approximation (relative error 1.15e-9), then one
    /// Halley step on erfc, which brings it to double precision; Φ⁻¹(0.5) is exactly 0.
    static func standardNormalQuantile(_ p: Double) -> Double {
        let a: [Double] = [-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                 1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00]
        let b: [Double] = [-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                 6.680131188771972e+01, -1.328068155288572e+01]
        let c: [Double] = [-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                 -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00]
        let d: [Double] = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        if p == 0.5 { return 0 }
        let low = 0.02425
        var x: Double
        if p < low {
            let q = (-2 * log(p)).squareRoot()
            x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        } else if p <= 1 - low {
            let q = p - 0.5
            let r = q * q
            x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
                / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
        } else {
            let q = (-2 * log(1 - p)).squareRoot()
            x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
        }
        // Halley's step: e = Φ(x) − p.
        let e = 0.5 * erfc(-x / 2.0.squareRoot()) - p
        let u = e * (2 * Double.pi).squareRoot() * exp(x * x / 2)
        x -= u / (1 + x * u / 2)
        return x
    }
}
