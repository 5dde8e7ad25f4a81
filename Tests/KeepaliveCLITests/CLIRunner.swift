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

    static func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
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
