/// The picture's time axis in pixels, which ``RunDigest`` folds fixes on (one column keeps only
/// what it can show) and ScenarioReports' picture draws on: declared once, here, below both.
package enum PictureAxis {
    /// Where the axis starts: the lanes' names take the space to its left.
    package static let left = 120.0
    /// The axis's length.
    package static let plotWidth = 850.0

    /// The pixel column of a time on the axis of a run of `duration` seconds (at least 1), as the
    /// fix ticks round it.
    @inline(__always)
    package static func column(_ time: Double, duration: Double) -> Int {
        // `axis(duration)(time)` written out: the digest asks at every fix, and the closure cost more than the sum.
        Int((left + min(max(time, 0), duration) / duration * plotWidth).rounded())
    }
}
