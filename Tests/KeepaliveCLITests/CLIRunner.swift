import ChildProcess
import Foundation
import Testing

/// Runs the `keepalive` executable that `swift test` built beside the test bundle.
enum CLI {
    typealias Result = ChildResult

    static let executable = builtExecutable("keepalive")

    /// The package's root, where `Tracks/` is.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The JSON object a run printed.
    static func json(_ arguments: [String]) throws -> (status: Int32, object: [String: Any]) {
        let result = try run(arguments)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        return (result.status, object)
    }

    /// The JSON array a run printed.
    static func jsonArray(_ arguments: [String]) throws -> (status: Int32, array: [[String: Any]]) {
        let result = try run(arguments)
        let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]] ?? []
        return (result.status, array)
    }

    /// Runs `keepalive` with `arguments`; with `shell`, runs `/bin/sh` with them instead (to
    /// redirect its output).
    static func run(_ arguments: [String], in directory: URL? = nil, shell: Bool = false) throws -> Result {
        try runChild(shell ? URL(fileURLWithPath: "/bin/sh") : executable, arguments, in: directory ?? packageRoot)
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
