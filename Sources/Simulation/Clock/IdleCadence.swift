/// The cadence of a mechanism's ticks while they are not scheduled (issue 21: idle time costs
/// nothing). While no position is known (before the track, in a signal gap, after its end) a
/// tick every interval would find nothing to do: the mechanism keeps this cadence instead and
/// schedules only the last tick before the next piece of the track starts, or the next tick of
/// the cadence once something a tick reads changes, so every tick that does something comes when
/// it would have. Used by the location manager and live updates alike.
struct IdleCadence: Hashable, Sendable {
    /// The last tick that ran, and the interval in nanoseconds.
    let from: SimInstant
    let interval: Int64

    /// After a tick at `now` that found no position: the cadence to keep and the tick to
    /// schedule (`nil`: none, the track has ended), or `nil` when the next tick, `seconds` from
    /// now, is the one due anyway (or the interval is not positive).
    static func skipping(at now: SimInstant, every seconds: Double, on trajectory: Trajectory) -> (cadence: IdleCadence, next: SimInstant?)? {
        let interval = SimInstant.nanoseconds(fromSeconds: seconds)
        guard interval > 0 else { return nil }
        let cadence = IdleCadence(from: now, interval: interval)
        guard let start = trajectory.nextPieceStart(after: now.seconds) else { return (cadence, nil) }
        // The last tick strictly before the piece starts, so that the tick at its start is
        // scheduled from there, at the moment it would have been.
        let ticks = max(1, (SimInstant(seconds: start).nanoseconds - now.nanoseconds - 1) / interval)
        guard ticks > 1 else { return nil }
        return (cadence, SimInstant(nanoseconds: now.nanoseconds + ticks * interval))
    }

    /// The next tick of the cadence at or after `now`, for a change a tick must see.
    func nextTick(atOrAfter now: SimInstant) -> SimInstant {
        let elapsed = now.nanoseconds - from.nanoseconds
        let ticks = max(1, elapsed / interval + (elapsed % interval == 0 ? 0 : 1))
        return SimInstant(nanoseconds: from.nanoseconds + ticks * interval)
    }
}
