import Foundation

/// A worker process whose standard output and error are read to the end on threads of their
/// own while it runs, so that neither pipe can fill and block it; each line of its output is
/// decoded as it arrives, while the workers still run, not after the last one ends. The worker
/// takes its tracks one at a time from a shared ``MatrixTrackQueue``: the first when it starts,
/// the next each time it writes that it is done with one, so a worker that finishes early takes
/// on more work. Its standard input is a pipe whose only writing end this process holds, open
/// until the worker has exited: once the queue is empty it writes the end mark instead of
/// closing it, so the worker reads end-of-file only if this process died
/// (``MatrixWorker/readTracks()``).
final class RunningWorker: @unchecked Sendable {
    enum Ending {
        case status(Int32)
        case signal(Int32)
    }

    /// One line of the worker's output: decoded, if it is a line a worker writes, and its start
    /// as printed, for an error message.
    struct Received {
        let line: MatrixWorker.Line?
        /// A `row N {…}` line: the cell and its run's object, kept as written.
        var row: (cell: Int, object: String)?
        let start: String
    }

    struct Output {
        let lines: [Received]
        let stderr: String
        let ending: Ending
    }

    /// "worker 1 of 2", without its tracks.
    let label: String
    private let process = Process()
    private let readers = DispatchGroup()
    // Written by the reader threads before they leave the group; read after `readers.wait()`.
    private var received: [Received] = []
    private var stderr = Data()
    private var handed: [Int]

    /// Starts the worker on `first`; it takes more from `queue` as it finishes them.
    init(executable: String, arguments: [String], label: String, first: Int, queue: MatrixTrackQueue) throws {
        self.label = label
        handed = [first]
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
            let decoder = MatrixWorker.Line.decoder()
            Self.readLines(out.fileHandleForReading) { line in
                received.append(Self.decode(line, decoder))
                guard line.starts(with: MatrixWorker.Line.donePrefix.utf8) else { return }
                if let next = queue.next() {
                    handed.append(next)
                    Self.send(next, to: feeder)
                } else {
                    try? feeder.write(contentsOf: Data((MatrixWorker.endOfTracks + "\n").utf8))
                }
            }
            try? feeder.close()
            readers.leave()
        }.start()
        readers.enter()
        Thread { [self, readers] in
            stderr = err.fileHandleForReading.readDataToEndOfFile()
            readers.leave()
        }.start()
    }

    /// The tracks handed to the worker; complete once ``finish()`` returned.
    var tracks: [Int] { handed }

    /// "worker 1 of 2 (a.gpx, b.gpx)": the label and the tracks handed to it.
    func name(_ matrix: Matrix) -> String {
        "\(label) (\(handed.map { matrix.tracks[$0].name }.joined(separator: ", ")))"
    }

    private static func send(_ track: Int, to handle: FileHandle) {
        try? handle.write(contentsOf: Data("\(track)\n".utf8))
    }

    private static func decode(_ text: ArraySlice<UInt8>, _ decoder: JSONDecoder) -> Received {
        let start = String(decoding: text.prefix(80), as: UTF8.self)
        if text.starts(with: MatrixWorker.Line.rowPrefix.utf8) {
            let rest = text.dropFirst(MatrixWorker.Line.rowPrefix.utf8.count)
            if let space = rest.firstIndex(of: UInt8(ascii: " ")), let cell = Int(String(decoding: rest[..<space], as: UTF8.self)) {
                return Received(line: nil, row: (cell, String(decoding: rest[rest.index(after: space)...], as: UTF8.self)), start: start)
            }
        }
        return Received(line: try? decoder.decode(MatrixWorker.Line.self, from: Data(text)), start: start)
    }

    /// Reads `handle` to its end; `line` hears each whole line as it arrives (a last line
    /// without its newline too).
    private static func readLines(_ handle: FileHandle, _ line: (ArraySlice<UInt8>) -> Void) {
        var bytes: [UInt8] = []
        var scanned = 0  // bytes known to hold no newline: a long line is searched once, not per chunk
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            bytes.append(contentsOf: chunk)
            var start = 0
            while let newline = bytes[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                if newline > start { line(bytes[start..<newline]) }
                start = newline + 1
                scanned = start
            }
            scanned = bytes.count - start
            bytes.removeSubrange(..<start)  // only the unfinished line stays
        }
        if !bytes.isEmpty { line(bytes[...]) }
    }

    /// Waits for the worker to close its output and exit.
    func finish() -> Output {
        readers.wait()
        process.waitUntilExit()
        let ending: Ending = process.terminationReason == .uncaughtSignal
            ? .signal(process.terminationStatus) : .status(process.terminationStatus)
        return Output(lines: received, stderr: String(decoding: stderr, as: UTF8.self), ending: ending)
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
