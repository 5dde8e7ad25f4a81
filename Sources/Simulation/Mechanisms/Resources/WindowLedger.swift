/// A use (CPU seconds, wake-ups) summed over a trailing window of time, as XNU's resource
/// monitors keep it: amounts are counted at the instant they are used.
struct WindowLedger {
    private var times: [Double] = []
    private var amounts: [Double] = []
    private var head = 0
    /// The sum of the amounts from `head` on.
    private(set) var sum = 0.0

    /// Adds `amount` at `time` and drops what fell out of the window `(time - window, time]`;
    /// returns the sum in the window and the seconds since its oldest use.
    mutating func add(_ amount: Double, at time: Double, window: Double) -> (sum: Double, overSeconds: Double) {
        times.append(time)
        amounts.append(amount)
        sum += amount
        while head < times.count, times[head] <= time - window {
            sum -= amounts[head]
            head += 1
        }
        // Compact now and then, re-adding exactly so rounding does not drift over a long trip.
        if head > 1024, head * 2 > times.count {
            times.removeFirst(head)
            amounts.removeFirst(head)
            head = 0
            sum = amounts.reduce(0, +)
        }
        return (sum, time - times[head])
    }

    /// Forgets every use (a new process has a new ledger).
    mutating func reset() {
        self = WindowLedger()
    }
}
