/// A use (CPU seconds, wake-ups) summed over a trailing window of time, as XNU's resource
/// monitors keep it: amounts are counted at the instant they are used.
///
/// Uses are kept as runs of equal amounts at evenly spaced instants, and the sum is taken over
/// the runs (`count × amount` each), so it depends only on what lies in the window, not on the
/// order it came and went in: a repeating use added in one step (``extend(by:)``) leaves the
/// ledger exactly as the same uses added one by one would (issue 33).
struct WindowLedger {
    /// `count` uses of `amount`, the first at `first`, each `step` nanoseconds after the last.
    private struct Run {
        var first: Int64
        var step: Int64
        var count: Int
        let amount: Double
        var last: Int64 { first + step * Int64(count - 1) }
    }

    private var runs: [Run] = []
    private var head = 0

    /// The sum in the window as of the last use.
    private(set) var sum = 0.0

    /// Adds `amount` at `time` and drops what fell out of the window `(time - window, time]`;
    /// returns the sum in the window and the seconds since its oldest use.
    mutating func add(_ amount: Double, at time: SimInstant, window: Double) -> (sum: Double, overSeconds: Double) {
        append(amount, at: time.nanoseconds)
        drop(upTo: time.nanoseconds - SimInstant.nanoseconds(fromSeconds: window))
        sum = total()
        return (sum, Double(time.nanoseconds - runs[head].first) / 1e9)
    }

    /// Whether the ledger holds only a repeating use of `amount` every `interval` nanoseconds, the
    /// last at `time`, as many as fit in `window`: each further use at that interval leaves the
    /// sum as it is, so it can be added in one step without being checked.
    func isSteady(amount: Double, every interval: Int64, lastAt time: SimInstant, window: Double) -> Bool {
        guard runs.count - head == 1, let run = runs.last, run.amount == amount, run.last == time.nanoseconds,
              run.count == 1 || run.step == interval else { return false }
        let windowNanoseconds = SimInstant.nanoseconds(fromSeconds: window)
        // Uses at 0, interval, … that lie within (−window, 0].
        let fitting = windowNanoseconds / interval + (windowNanoseconds % interval == 0 ? 0 : 1)
        return run.count == fitting
    }

    /// Adds `count` further uses of the steady use (``isSteady(amount:every:lastAt:window:)``),
    /// each `interval` after the last, dropping as many old ones: what adding them one by one does.
    mutating func extend(by count: Int, every interval: Int64) {
        guard count > 0, let run = runs.last else { return }
        // A run of one takes its step from its second use.
        if run.count == 1 { runs[runs.count - 1].step = interval }
        runs[runs.count - 1].first += interval * Int64(count)
    }

    /// Forgets every use (a new process has a new ledger).
    mutating func reset() {
        self = WindowLedger()
    }

    private mutating func append(_ amount: Double, at time: Int64) {
        if head < runs.count, let run = runs.last, run.amount == amount, time > run.last,
           run.count == 1 || time - run.last == run.step {
            if run.count == 1 { runs[runs.count - 1].step = time - run.first }
            runs[runs.count - 1].count += 1
            return
        }
        runs.append(Run(first: time, step: 0, count: 1, amount: amount))
    }

    /// Drops every use at or before `cutoff`.
    private mutating func drop(upTo cutoff: Int64) {
        while head < runs.count, runs[head].first <= cutoff {
            let run = runs[head]
            if run.last <= cutoff {
                head += 1
                continue
            }
            let dropped = Int((cutoff - run.first) / run.step) + 1
            runs[head].first += run.step * Int64(dropped)
            runs[head].count -= dropped
        }
        if head > 64, head * 2 > runs.count {
            runs.removeFirst(head)
            head = 0
        }
    }

    private func total() -> Double {
        var total = 0.0
        for index in head..<runs.count { total += Double(runs[index].count) * runs[index].amount }
        return total
    }
}
