import ArgumentParser
import Foundation

/// Wall time of one run of another program, for benchmarks that time `keepalive` itself.
enum ProcessTiming {
    /// Seconds of wall time of `executable arguments`, its output discarded (and its errors, with
    /// `silencingErrors`). A status above 1 is an error: 0 and 1 are both complete runs of
    /// `keepalive` (kept alive or not, as expected or not).
    static func seconds(_ executable: String, _ arguments: [String], silencingErrors: Bool = false) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        if silencingErrors { process.standardError = FileHandle.nullDevice }
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        process.waitUntilExit()
        let elapsed = clock.now - start
        guard process.terminationStatus <= 1 else {
            throw ValidationError("\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
