/// What became of the app's own timers (``SimApplication/schedule(after:tolerance:_:)``) while
/// it was in the background: the detail of a `.timers` event. A fire due on screen, or due in
/// the background and run then, is not logged one by one: the run's end counts them.
public enum TimerEvent: Hashable, Sendable, Codable {
    /// The kinds of timer events, as the JSON Lines report names them.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case late = "timer.late"
        case neverRan = "timer.never-ran"
        case onTime = "timer.on-time"
    }

    /// A fire due at `due` (seconds from the start) while the app was suspended runs now, as the
    /// app runs again; `tolerance` is the timer's own.
    case late(due: Double, tolerance: Double)
    /// A fire due at `due` while the app was suspended never ran: the process ended first, or the run.
    case neverRan(due: Double, tolerance: Double)
    /// At the run's end: `count` fires due while the app ran in the background ran on time.
    case onTime(count: Int)

    /// The event's kind.
    public var kind: Kind {
        switch self {
        case .late: .late
        case .neverRan: .neverRan
        case .onTime: .onTime
        }
    }
}
