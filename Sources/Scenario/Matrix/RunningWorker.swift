import Foundation

/// A worker process whose standard output and error are read to the end on threads of their
/// own while it runs, so that neither pipe can fill and block it.
final class RunningWorker: @unchecked Sendable {
    enum Ending {
        case status(Int32)
        case signal(Int32)
    }

    struct Output {
        let stdout: Data
        let stderr: String
        let ending: Ending
    }

    let name: String
    let tracks: [Int]
    private let process = Process()
    /// The worker's standard input: this process holds the only writing end and never writes,
    /// so the worker reads end-of-file exactly when this process ends, however it ends (a
    /// worker run with `--exit-with-parent` then exits: ``MatrixWorker/exitWithParent()``).
    private let input = Pipe()
    private let readers = DispatchGroup()
    // Written by the reader threads before they leave the group; read after `readers.wait()`.
    private var stdout = Data()
    private var stderr = Data()

    init(executable: String, arguments: [String], tracks: [Int], name: String) throws {
        self.name = name
        self.tracks = tracks
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = input
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        try? input.fileHandleForReading.close()
        read(out) { self.stdout = $0 }
        read(err) { self.stderr = $0 }
    }

    private func read(_ pipe: Pipe, into store: @escaping @Sendable (Data) -> Void) {
        readers.enter()
        Thread { [readers] in
            store(pipe.fileHandleForReading.readDataToEndOfFile())
            readers.leave()
        }.start()
    }

    /// Waits for the worker to close its output and exit.
    func finish() -> Output {
        readers.wait()
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        let ending: Ending = process.terminationReason == .uncaughtSignal
            ? .signal(process.terminationStatus) : .status(process.terminationStatus)
        return Output(stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self), ending: ending)
    }

    /// Ends a worker that will not be waited for.
    func stop() {
        if process.isRunning { process.terminate() }
    }
}
