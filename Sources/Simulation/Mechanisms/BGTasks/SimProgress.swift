/// `Progress`, as a `BGContinuedProcessingTask` reports it (§12, iOS 26): units completed of a total.
///
/// ```swift
/// task.progress.totalUnitCount = 100
/// task.progress.completedUnitCount = 10   // and on: a count that stops rising gets the task expired
/// ```
/// Only the two counts of Foundation's `Progress` are modelled. iOS watches `completedUnitCount`:
/// a continued processing task whose count has not risen for `bgTasks.continuedProcessingStallSeconds`
/// is expired as stalled.
@MainActor
public final class SimProgress {
    /// The units of work in all.
    public var totalUnitCount: Int64 = 0 {
        didSet { if totalUnitCount != oldValue { onChange?(false) } }
    }
    /// The units done; raising it is what tells iOS the task is making progress.
    public var completedUnitCount: Int64 = 0 {
        didSet { if completedUnitCount != oldValue { onChange?(completedUnitCount > oldValue) } }
    }

    /// `completedUnitCount / totalUnitCount`, within 0…1; 0 while the total is not positive.
    public var fractionCompleted: Double {
        guard totalUnitCount > 0 else { return 0 }
        return min(1, max(0, Double(completedUnitCount) / Double(totalUnitCount)))
    }

    /// The largest count a script may give (a thousand billion): any count the model meets fits
    /// well within `Int64`, so adding to one never traps.
    public nonisolated static let maximumUnitCount: Int64 = 1_000_000_000_000

    /// What the scheduler hears of a change: `true` when the completed count rose.
    var onChange: ((Bool) -> Void)?

    init() {}
}
