import Foundation

/// What a program the tests ran printed, and how it ended.
public struct ChildResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
}

/// The executable called `name` that `swift test` built beside the test bundle (on macOS the
/// tests run inside KeepAliveSimPackageTests.xctest/Contents/MacOS, a few folders below it).
public func builtExecutable(_ name: String) -> URL {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent(name).path),
          folder.pathComponents.count > 1 {
        folder.deleteLastPathComponent()
    }
    return folder.appendingPathComponent(name)
}

/// Runs `executable` with `arguments` and nothing on its standard input, reading its standard
/// output and error at once (so that neither pipe fills while the other is drained).
public func runChild(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> ChildResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let stderr = PipeDrain(err.fileHandleForReading)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let errorBytes = stderr.wait()
    process.waitUntilExit()
    return ChildResult(
        status: process.terminationStatus,
        stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: errorBytes, as: UTF8.self))
}

/// Reads a pipe to its end on a thread of its own. The bytes pass under a lock: polling
/// `Thread.isFinished` instead is a data race (ThreadSanitizer reported it on every CLI test).
private final class PipeDrain: @unchecked Sendable {
    private let condition = NSCondition()
    private var bytes: Data?

    init(_ handle: FileHandle) {
        Thread { [self] in
            let read = handle.readDataToEndOfFile()
            condition.lock()
            bytes = read
            condition.signal()
            condition.unlock()
        }.start()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while bytes == nil { condition.wait() }
        return bytes!
    }
}
