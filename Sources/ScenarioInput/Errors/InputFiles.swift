import Foundation

/// The files a command reads, noted by each reader as it opens one (the track, a scenario file,
/// an Info.plist wherever it is named, a plugin configuration, a recording, a matrix file and the
/// tracks it lists, a MetricKit payload), so that an output can be checked against every input
/// without a list kept by hand: the `keepalive` tool refuses to write over any of them.
///
/// Readers note into ``current``, set for a command's duration with ``recording(_:)``; without
/// one, noting does nothing.
///
/// ```swift
/// let inputs = InputFiles()
/// let settings = try inputs.recording { try ScenarioFile.read(contentsOf: "s.yaml").resolved() }
/// inputs.entries   // s.yaml, and the Info.plist its `infoPlist:` names
/// ```
public final class InputFiles: @unchecked Sendable {
    /// What a file is to the command, as messages name it ("the Info.plist").
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case track
        case scenarioFile = "scenario file"
        case infoPlist = "Info.plist"
        case pluginConfiguration = "plugin configuration"
        case deviceRecording = "device's recording"
        case matrixFile = "matrix file"
        case metricKitPayload = "MetricKit payload"
    }

    /// A file read, by the path that named it.
    public struct Entry: Hashable, Sendable {
        public var kind: Kind
        public var path: String
    }

    /// The recorder readers note into; `nil` outside ``recording(_:)``.
    @TaskLocal public static var current: InputFiles?

    private let lock = NSLock()
    private var noted: [Entry] = []

    public init() {}

    /// Notes that `path` is read as a `kind` (once per path; the first kind stays).
    public static func note(_ path: String, _ kind: Kind) {
        guard let files = current else { return }
        files.lock.lock()
        defer { files.lock.unlock() }
        if !files.noted.contains(where: { $0.path == path }) { files.noted.append(Entry(kind: kind, path: path)) }
    }

    /// Every file noted so far, in the order first read.
    public var entries: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return noted
    }

    /// Runs `body` with this recorder as ``current``.
    public func recording<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Self.$current.withValue(self, operation: body)
    }
}
