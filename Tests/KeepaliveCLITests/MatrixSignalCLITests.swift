import Foundation
import Testing

/// Issue 21: a matrix parent killed by SIGTERM, or by SIGHUP when its terminal closes, leaves
/// no worker running and no copy of the matrix in the temporary folder.
@Suite struct MatrixSignalCLITests {
    #if os(Linux)
    /// The processes whose parent is `parent`, from /proc, with their state letter.
    private func children(of parent: Int32) -> [(pid: Int32, state: String)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> (Int32, String)? in
            guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After "pid (name) ": the state, then the parent's pid.
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            guard fields.count > 1, Int32(fields[1]) == parent else { return nil }
            return (pid, String(fields[0]))
        }
    }

    /// Whether a process is gone, or has exited and waits only to be reaped.
    private func hasEnded(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return true }
        let state = stat[stat.index(close, offsetBy: 2)...].prefix(1)
        return state == "Z" || state == "X"
    }

    /// Waits, up to a minute on a loaded machine, for `condition`; the outcome, not the time, is tested.
    private func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<600 {
            if condition() { return true }
            usleep(100_000)
        }
        return condition()
    }

    /// A drive north at about 11 m/s, a point a minute, for `days`.
    private static func drive(days: Int) -> String {
        var gpx = "<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        let start = Date(timeIntervalSince1970: 1_704_067_200)
        for minute in 0..<(days * 1440) {
            let time = start.addingTimeInterval(Double(minute) * 60).formatted(.iso8601)
            gpx += "<trkpt lat=\"\(Double(minute) * 0.006)\" lon=\"0\"><time>\(time)</time></trkpt>\n"
        }
        return gpx + "</trkseg></trk></gpx>\n"
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func workersAndTheCopyGoWithTheParent(signal: Int32) throws {
        let fixtures = try Fixtures()
        // Two tracks, two workers, each replaying four days of driving (idle time costs nothing,
        // so only fixes keep a worker busy: seconds of work in a debug build).
        let track = try fixtures.write("drive.gpx", Self.drive(days: 4))
        let matrix = try fixtures.write("m.yaml", "tracks: [\(track), \(track)]\nruns: [{}]\n")
        let temporary = fixtures.folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["matrix", matrix, "--jobs", "2"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let parent = process.processIdentifier
        let copies = { (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] }
        #expect(eventually { children(of: parent).filter { $0.state != "Z" }.count == 2 && copies().count == 1 })
        let workers = children(of: parent).map(\.pid)
        #expect(workers.count == 2)
        #expect(copies().first?.hasPrefix("keepalive-matrix-") == true)

        kill(parent, signal)
        process.waitUntilExit()
        // It dies of the signal, as a process without a handler would.
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(eventually { workers.allSatisfy(hasEnded) })
        #expect(copies() == [])
    }
    #endif
}
