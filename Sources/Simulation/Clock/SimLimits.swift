/// The valid range of every number that enters a simulation, decided once.
///
/// The CLI, scenario files and the GPX replay check their numbers against these where they
/// enter, and name the option, key or line when one falls outside; inside, the simulation's
/// arithmetic can then never overflow. Times are stored as `Int64` nanoseconds, which reach
/// about 292 years: the limit of 100 years leaves room for sums of two times.
///
/// ```swift
/// guard SimLimits.times.contains(value) else { throw … "not a time from the start" }
/// ```
public enum SimLimits {
    /// The longest run, and the largest time or duration in seconds: 100 years (365.25-day).
    public static let maximumSeconds: Double = 3_155_760_000

    /// Times from the start of a run (`--enter-background-at`, a scenario's `at`), in seconds.
    public static let times: ClosedRange<Double> = 0...maximumSeconds

    /// Durations that must pass (a background time budget, a window), in seconds.
    public static let positiveDurations: ClosedRange<Double> = 1e-9...maximumSeconds

    /// Distances in metres (`distanceFilter`, radii): up to the Earth's equatorial circumference;
    /// no two points on Earth lie farther apart, so a larger filter would act the same.
    public static let distances: ClosedRange<Double> = 0...40_075_017

    /// Speeds in m/s (`--speed`, recorded `<speed>` values): above zero, at most the speed of light.
    public static let speeds: ClosedRange<Double> = Double.leastNonzeroMagnitude...299_792_458

    /// The most work that may run at one instant of virtual time before the run is stopped as
    /// stalled (a reaction loop that schedules itself at the same instant for ever): far above
    /// what any run needs, since every repetition a run's inputs make has a lower cap.
    /// `SimulationConfiguration.stepsPerInstant` lowers or raises it for one run.
    public static let stepsPerInstant = 100_000

    /// The most firings of the app's own timers a run simulates one by one
    /// (``SimulationConfiguration/maximumTimerFirings``). Work that repeats with a fixed use is
    /// counted over idle stretches in one step and costs nothing here; what is left (a timer
    /// whose every firing changes something, two timers at once) costs about a microsecond a
    /// firing, so 10 million keep any run under about 10 s of CPU while a 1-s timer still runs
    /// for 115 days of virtual time.
    public static let maximumTimerFirings = 10_000_000

    /// Whether `seconds` is a valid time from the start.
    public static func isTime(_ seconds: Double) -> Bool { times.contains(seconds) }
}
