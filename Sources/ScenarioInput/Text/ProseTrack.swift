import Simulation

extension Prose {
    /// A warning about the track, as the timeline and JSON `warnings` print it.
    public static func text(_ warning: TrackWarning) -> String {
        switch warning {
        case .pointsSkipped(let count, let source, let file, let firstAt):
            let noun = count == 1 ? String(source.dropLast()) : source
            let place = firstAt.map { " (the first at \(file):\($0))" } ?? ""
            return "\(count) \(noun) skipped, not sorted: \(count == 1 ? "its time is" : "their times are") not after an earlier point's in the same piece\(place); the replay follows the points that remain in time order"
        case .untimed(let source, let speed, let isDefaultSpeed):
            let why = isDefaultSpeed ? "the default; \(ReplaySettings.setting(\.$speed).option) changes it" : ReplaySettings.setting(\.$speed).option
            return "the \(source) have no times: replayed at an assumed \(Formatting.short(speed)) m/s (about \(Formatting.short((speed * 3.6).rounded())) km/h, \(why)), so the trip's timing is not the recorded one"
        case .tooShortForSuspension(let runEnd, let backgroundAt, let budget, let profile):
            return "the run ends at \(Formatting.clock(runEnd)), before the app's background time could run out (it leaves the screen at \(Formatting.clock(backgroundAt)), and \(profile) gives it \(Formatting.short(budget)) s, to \(Formatting.clock(backgroundAt + budget))): this trip cannot show a suspension"
        }
    }
}
