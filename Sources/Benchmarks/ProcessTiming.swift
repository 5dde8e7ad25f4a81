import ArgumentParser
import Foundation

/// Wall time, CPU time or instructions of one run of another program, for benchmarks that measure `keepalive` itself.
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

    /// CPU seconds (user + system, from `wait4`) of one run of `command` (the executable and its
    /// arguments), its output and errors discarded. A status above 1 is an error, as above.
    static func cpuSeconds(_ command: [String]) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var arguments: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, command[0], &actions, nil, &arguments, environ)
        guard spawned == 0 else { throw ValidationError("cannot run \(command[0]): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(child, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw ValidationError("wait4 failed for \(command[0])") }
        }
        let exited = status & 0x7f == 0
        let code = (status >> 8) & 0xff
        guard exited, code <= 1 else {
            throw ValidationError("\(command.joined(separator: " ")) ended with status \(status)")
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Instructions one run of `command` executes, counted by valgrind's callgrind (its own start
    /// not included), its output discarded. A status above 1 is an error, as above.
    static func instructions(_ command: [String]) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + command
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus <= 1 else {
            let why = text.split(separator: "\n").suffix(3).joined(separator: " / ")
            throw ValidationError("valgrind \(command.joined(separator: " ")) exited \(process.terminationStatus): \(why)")
        }
        // "==123== Collected : 3090391792"
        guard let line = text.split(separator: "\n").last(where: { $0.contains("Collected :") }),
              let count = line.split(separator: " ").last.flatMap({ Int($0) }) else {
            throw ValidationError("valgrind printed no instruction count for \(command.joined(separator: " ")) (is valgrind installed?)")
        }
        return count
    }

    /// A copy of `executable` in `directory` with its debug sections removed (`objcopy
    /// --strip-debug`), for valgrind, which gives up on a static Swift build's debug information.
    static func withoutDebugInformation(_ executable: String, in directory: String) throws -> String {
        let copy = "\(directory)/stripped-\(URL(fileURLWithPath: executable).lastPathComponent)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["objcopy", "--strip-debug", executable, copy]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ValidationError("objcopy --strip-debug \(executable) failed (exit \(process.terminationStatus)): install binutils")
        }
        return copy
    }
}
