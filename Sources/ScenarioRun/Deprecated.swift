import Foundation

// Deprecated names of ScenarioRun, with their forwarders (Docs/CHANGELOG.md), to go at 1.0.

extension MatrixWorker {
    /// The tracks the parent hands out on standard input, one a line, read on a thread of its
    /// own: each call of the returned function waits for the next line and returns it, or `nil`
    /// after the end mark; end-of-file before it exits the process.
    @available(*, deprecated, message: "use requestedTracks(of:name:), which checks each request and returns track indices")
    public static func readTracks() -> @Sendable () -> String? {
        let feed = DeprecatedLineFeed()
        Thread {
            while let line = readLine() {
                feed.push(line)
                if line == endOfTracks { return }
            }
            _exit(exitStatusWithoutParent)
        }.start()
        return { feed.next() }
    }
}

/// Lines handed from the reading thread to the worker, in order (``MatrixWorker/readTracks()``).
final class DeprecatedLineFeed: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []

    func push(_ line: String) {
        condition.lock()
        lines.append(line)
        condition.signal()
        condition.unlock()
    }

    func next() -> String? {
        condition.lock()
        defer { condition.unlock() }
        while lines.isEmpty { condition.wait() }
        let line = lines.removeFirst()
        return line == MatrixWorker.endOfTracks ? nil : line
    }
}
