import Foundation
import ScenarioInput

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
            Self.read(out.fileHandleForReading) { piece in
                received.append(Self.decode(piece, decoder))
                guard case .line(let line) = piece, line.starts(with: MatrixWorker.Line.donePrefix.utf8) else { return }
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

    private static func decode(_ piece: WorkerOutputSplitter.Piece, _ decoder: JSONDecoder) -> Received {
        switch piece {
        case .row(let cell, let object):
            return Received(line: nil, row: (cell, String(decoding: object, as: UTF8.self)), start: "row \(cell)")
        case .line(let text):
            let start = String(decoding: text.prefix(80), as: UTF8.self)
            return Received(line: try? decoder.decode(MatrixWorker.Line.self, from: Data(text)), start: start)
        }
    }

    /// Reads `handle` to its end; `piece` hears each whole line, or framed run, as it arrives.
    private static func read(_ handle: FileHandle, _ piece: (WorkerOutputSplitter.Piece) -> Void) {
        var splitter = WorkerOutputSplitter()
        while true {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            splitter.append(chunk, piece)
        }
        splitter.finish(piece)
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

/// Splits a worker's output into its lines and the runs' objects it frames (`row N LENGTH`, then
/// LENGTH bytes and a newline), as the bytes arrive. Each line is searched for its end once,
/// however many chunks it comes in; an object is not searched at all.
struct WorkerOutputSplitter {
    enum Piece {
        case line(ArraySlice<UInt8>)
        case row(cell: Int, object: ArraySlice<UInt8>)
    }

    private var bytes: [UInt8] = []
    /// How many bytes of the unfinished line are known to hold no newline.
    private var scanned = 0
    /// The object being read, after its `row` line.
    private var frame: (cell: Int, length: Int)?

    /// The largest object a frame may announce: a run's object with every gap of a long trip is
    /// megabytes; a length beyond this is a garbled line.
    static let maximumObjectBytes = 1 << 30

    mutating func append(_ chunk: Data, _ piece: (Piece) -> Void) {
        bytes.append(contentsOf: chunk)
        var start = 0
        var searchFrom = scanned
        while true {
            if let open = frame {
                guard bytes.count - start > open.length else { break }  // the object and its newline
                let end = start + open.length
                if bytes[end] == UInt8(ascii: "\n") {
                    piece(.row(cell: open.cell, object: bytes[start..<end]))
                } else {
                    piece(.line(bytes[start...end]))  // not what the frame announced: a line that is not a result
                }
                start = end + 1
                searchFrom = start
                frame = nil
                continue
            }
            guard let newline = bytes[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) else {
                searchFrom = bytes.count
                break
            }
            let line = bytes[start..<newline]
            start = newline + 1
            searchFrom = start
            if let header = Self.rowHeader(line) {
                frame = header
            } else if !line.isEmpty {
                piece(.line(line))
            }
        }
        bytes.removeSubrange(..<start)  // only the unfinished line or object stays
        scanned = frame == nil ? searchFrom - start : 0
    }

    /// At the end of the output: what is left is an unfinished line (or object), heard as a line.
    mutating func finish(_ piece: (Piece) -> Void) {
        if !bytes.isEmpty { piece(.line(bytes[...])) }
        bytes = []
        frame = nil
    }

    /// `row N LENGTH`: the cell and the length of the object that follows.
    private static func rowHeader(_ line: ArraySlice<UInt8>) -> (cell: Int, length: Int)? {
        guard line.starts(with: MatrixWorker.Line.rowPrefix.utf8) else { return nil }
        let fields = line.dropFirst(MatrixWorker.Line.rowPrefix.utf8.count).split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard fields.count == 2,
              let cell = Int(String(decoding: fields[0], as: UTF8.self)), cell >= 0,
              let length = Int(String(decoding: fields[1], as: UTF8.self)), (0...maximumObjectBytes).contains(length)
        else { return nil }
        return (cell, length)
    }
}
