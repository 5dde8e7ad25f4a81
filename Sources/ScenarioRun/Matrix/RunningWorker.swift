import Foundation
import ScenarioInput

/// A worker process whose standard output and error are read to the end on threads of their
/// own while it runs, so that neither pipe can fill and block it; its output is decoded and
/// checked as it arrives (``MatrixWorkerReplies``), while the workers still run, and the first
/// thing in it that is not a result ends the worker (SIGKILL). The worker
/// takes its tracks one at a time from a shared ``MatrixTrackQueue``: the first when it starts,
/// the next each time it writes that it is done with one, so a worker that finishes early takes
/// on more work. Its standard input is a pipe whose only writing end this process holds, open
/// until the worker has exited: once the queue is empty it writes the end mark instead of
/// closing it, so the worker reads end-of-file only if this process died
/// (``MatrixWorker/requestedTracks(of:name:)``).
final class RunningWorker: @unchecked Sendable {
    struct Output {
        /// What the worker sent, read and checked as it arrived.
        var replies: MatrixWorkerReplies
        /// The end of its standard error (``MatrixWorkerProtocol/maximumStandardErrorBytes``).
        let stderr: String
        let ending: MatrixWorkerReplies.Ending
    }

    private let process = Process()
    private let readers = DispatchGroup()
    // Written by the reader threads before they leave the group; read after `readers.wait()`.
    private var replies: MatrixWorkerReplies
    private var stderr = Data()

    /// Starts the worker on `first`; it takes more from `queue` as it finishes them.
    init(executable: String, arguments: [String], replies: MatrixWorkerReplies, queue: MatrixTrackQueue) throws {
        self.replies = replies
        let first = replies.handed[0]
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let input = Pipe(), out = Pipe(), err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        try? input.fileHandleForReading.close()
        let feeder = input.fileHandleForWriting
        readers.enter()
        Thread { [self, readers] in
            // A worker that died leaves its input closed: the write fails (EPIPE) instead of
            // killing this process, and its missing results are reported.
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            Self.send(first, to: feeder)
            let output = out.fileHandleForReading
            while true {
                let chunk = output.availableData
                if chunk.isEmpty { break }
                self.replies.read(chunk) {
                    guard let next = queue.next() else {
                        try? feeder.write(contentsOf: Data((MatrixWorker.endOfTracks + "\n").utf8))
                        return nil
                    }
                    Self.send(next, to: feeder)
                    return next
                }
                // The first lie ends the worker: nothing it sends after can be counted, and
                // neither its output nor the wait for it may grow without end.
                if self.replies.error != nil {
                    kill(self.process.processIdentifier, SIGKILL)
                    break
                }
            }
            try? feeder.close()
            readers.leave()
        }.start()
        readers.enter()
        Thread { [self, readers] in
            let handle = err.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                stderr.append(chunk)
                if stderr.count > MatrixWorkerProtocol.maximumStandardErrorBytes {
                    stderr = stderr.suffix(MatrixWorkerProtocol.maximumStandardErrorBytes)
                }
            }
            readers.leave()
        }.start()
    }

    private static func send(_ track: Int, to handle: FileHandle) {
        try? handle.write(contentsOf: Data("\(track)\n".utf8))
    }

    /// Waits for the worker to close its output and exit.
    func finish() -> Output {
        readers.wait()
        process.waitUntilExit()
        let ending: MatrixWorkerReplies.Ending = process.terminationReason == .uncaughtSignal
            ? .signal(process.terminationStatus) : .status(process.terminationStatus)
        return Output(replies: replies, stderr: String(decoding: stderr, as: UTF8.self), ending: ending)
    }

    /// Ends a worker that will not be waited for.
    func stop() {
        if process.isRunning { process.terminate() }
    }
}

/// The tracks not yet handed to a worker, the costliest first; shared by the workers' threads.
final class MatrixTrackQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var tracks: ArraySlice<Int>

    init(_ tracks: some Sequence<Int>) { self.tracks = ArraySlice(tracks) }

    /// The next track, or `nil` when all have been handed out.
    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        return tracks.popFirst()
    }
}
