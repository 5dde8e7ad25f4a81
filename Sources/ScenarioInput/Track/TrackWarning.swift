import GPX

/// Something about a replay's track that limits what the run can show, as a typed value;
/// ``Prose/text(_:)-(TrackWarning)`` words it for the reports.
public enum TrackWarning: Hashable, Sendable {
    /// `count` points (`source`: "track points", …) whose time was not after every earlier time
    /// of their piece were skipped, not sorted; `firstAt` is where the first one's `<time>` is
    /// in `file` (`nil` when not known).
    case pointsSkipped(count: Int, source: String, file: String, firstAt: GPXSourcePosition?)
    /// The path has no times: it is replayed at `speed` m/s (`--speed`, or the default).
    case untimed(source: String, speed: Double, isDefaultSpeed: Bool)
    /// The run ends at `runEnd` seconds, before the app could be suspended: it leaves the screen at
    /// `backgroundAt` and the profile `profile` gives it `budget` seconds of background time.
    case tooShortForSuspension(runEnd: Double, backgroundAt: Double, budget: Double, profile: String)
}
