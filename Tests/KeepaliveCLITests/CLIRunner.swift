import Foundation
import Testing

/// Runs the `keepalive` executable that `swift test` built beside the test bundle.
enum CLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let executable: URL = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On macOS the tests run inside KeepAliveSimPackageTests.xctest/Contents/MacOS.
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("keepalive").path),
              folder.pathComponents.count > 1 {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("keepalive")
    }()

    /// The package's root, where `Tracks/` is.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The JSON object a run printed.
    static func json(_ arguments: [String]) throws -> (status: Int32, object: [String: Any]) {
        let result = try run(arguments)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        return (result.status, object)
    }

    /// Runs `keepalive` with `arguments`; with `shell`, runs `/bin/sh` with them instead (to
    /// redirect its output).
    static func run(_ arguments: [String], in directory: URL? = nil, shell: Bool = false) throws -> Result {
        let process = Process()
        process.executableURL = shell ? URL(fileURLWithPath: "/bin/sh") : executable
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes at once, so that neither fills while the other is drained.
        nonisolated(unsafe) var stderr = Data()
        let errorReader = Thread { stderr = err.fileHandleForReading.readDataToEndOfFile() }
        errorReader.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        while !errorReader.isFinished { usleep(1000) }
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// A folder of GPX files written for one test, removed afterwards.
final class Fixtures {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func write(_ name: String, _ content: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try content.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
