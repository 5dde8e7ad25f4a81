import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of another program with what the kernel counted for it: wall time, CPU time and peak
/// resident memory (`wait4`), its output discarded. For the goal benchmarks, which compare runs
/// side by side.
struct ChildRun {
    let seconds: Double
    let cpuSeconds: Double
    let peakMegabytes: Double

    /// Runs `executable arguments` to its end. A status above 1 is an error: 0 and 1 are both
    /// complete runs of `keepalive` (kept alive or not, as expected or not).
    static func run(_ executable: String, _ arguments: [String]) throws -> ChildRun {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let clock = ContinuousClock()
        let start = clock.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw ValidationError("cannot run \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw ValidationError("waiting for \(executable): \(String(cString: strerror(errno)))") }
        }
        let elapsed = clock.now - start
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        guard exited, code <= 1 else {
            throw ValidationError("\(executable) \(arguments.joined(separator: " ")) ended with status \(status)")
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        #if canImport(Darwin)
        let peak = Double(usage.ru_maxrss) / 1_048_576  // bytes on Darwin
        #else
        let peak = Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
        #endif
        return ChildRun(
            seconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime), peakMegabytes: peak)
    }

    /// The `keepalive` built beside this benchmark, or `path`.
    static func keepalive(_ path: String?) throws -> String {
        let keepalive = path ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
            .deletingLastPathComponent().appendingPathComponent("keepalive").path
        guard FileManager.default.isExecutableFile(atPath: keepalive) else {
            throw ValidationError("no keepalive at \(keepalive): build it (swift build -c release) or give --keepalive")
        }
        return keepalive
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value)
    }

    /// "ratio 1.23 (goal ≤ 3): met" as the goal benchmarks print it.
    static func verdict(_ ratio: Double, atMost goal: Double) -> String {
        "\(format(ratio, 2)) (goal ≤ \(format(goal, 1))): \(ratio <= goal ? "met" : "NOT met")"
    }

    static func verdict(_ ratio: Double, atLeast goal: Double) -> String {
        "\(format(ratio, 2)) (goal ≥ \(format(goal, 1))): \(ratio >= goal ? "met" : "NOT met")"
    }
}
