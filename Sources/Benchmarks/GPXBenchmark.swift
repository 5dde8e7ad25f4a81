import ArgumentParser
import Foundation

/// Reader throughput against libexpat alone, measured in the same run on the same file.
struct GPXBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gpx",
        abstract: "Measure the GPX reader against a bare libexpat pass over a large synthetic file.",
        discussion: """
            Writes a GPX 1.1 file (ele, time and a Garmin hr extension per point; about 250 bytes \
            a point), then times, each in a fresh process and best of --repeat runs: (a) libexpat \
            alone with empty callbacks, (b) the streaming reader handing every event to a closure, \
            (b') the same pulled with next(), and (c) the whole-document reader, for its memory. Targets: b/a ≥ 0.8; streaming peak \
            memory under 64 MB.
            """
    )

    @Option(help: "Track points in the synthetic file.")
    var points = 1_000_000

    @Option(help: "Where to write the file (default: a temporary file, removed afterwards).")
    var file: String?

    @Option(help: "Runs of each pass; the fastest counts.")
    var `repeat` = 3

    func validate() throws {
        guard (1...100_000_000).contains(points) else { throw ValidationError("--points must be 1…100000000") }
        guard (1...1_000).contains(`repeat`) else { throw ValidationError("--repeat must be 1…1000") }
    }

    func run() throws {
        let path = file ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("keepalive-bench-\(getpid()).gpx").path
        defer { if file == nil { try? FileManager.default.removeItem(atPath: path) } }
        try SyntheticGPX.write(points: points, to: path)
        let bytes = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let megabytes = Double(bytes) / 1_000_000
        print("file: \(points) track points, \(format(megabytes, 1)) MB")

        let expat = try best(.expat, path)
        let stream = try best(.stream, path)
        let pull = try best(.pull, path)
        let document = try best(.document, path)
        guard [stream.points, pull.points, document.points].allSatisfy({ $0 == points }) else {
            throw ValidationError("read \(stream.points), \(pull.points) and \(document.points) points, expected \(points)")
        }
        func row(_ name: String, _ pass: Pass, showPoints: Bool) -> String {
            let throughput = format(megabytes / pass.seconds, 1).leftPadded(7)
            let pointRate = showPoints ? format(Double(points) / pass.seconds / 1e6, 2) + " M points/s" : "".leftPadded(0)
            return "\(name.padding(toLength: 34, withPad: " ", startingAt: 0)) \(format(pass.seconds, 3)) s  \(throughput) MB/s  "
                + "peak \(format(Double(pass.peakKilobytes) / 1024, 1).leftPadded(6)) MB  \(pointRate)"
        }
        print(row("(a) libexpat, empty callbacks", expat, showPoints: false))
        print(row("(b) GPXStreamReader.forEachEvent", stream, showPoints: true))
        print(row("(b') GPXStreamReader.next()", pull, showPoints: true))
        print(row("(c) GPXReader, whole document", document, showPoints: true))
        print("ratio b/a: \(format(expat.seconds / stream.seconds, 2)) (target ≥ 0.80); b'/a: \(format(expat.seconds / pull.seconds, 2))")
        print("streaming peak memory: \(format(Double(stream.peakKilobytes) / 1024, 1)) MB (target < 64 MB)")
    }

    private struct Pass {
        var seconds: Double
        var points: Int
        var peakKilobytes: Int
    }

    private func best(_ mode: MeasurePass.Mode, _ path: String) throws -> Pass {
        var fastest: Pass?
        for _ in 0..<`repeat` {
            let pass = try measure(mode, path)
            if fastest.map({ pass.seconds < $0.seconds }) ?? true { fastest = pass }
        }
        return fastest!
    }

    private func measure(_ mode: MeasurePass.Mode, _ path: String) throws -> Pass {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !FileManager.default.isExecutableFile(atPath: process.executableURL!.path) {
            process.executableURL = Bundle.main.executableURL
        }
        process.arguments = ["measure-pass", mode.rawValue, path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = text.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }
        guard process.terminationStatus == 0, fields.count == 3,
              let seconds = Double(fields[0]), let points = Int(fields[1]), let peak = Int(fields[2]) else {
            throw ValidationError("the \(mode.rawValue) pass failed: \(text)")
        }
        return Pass(seconds: seconds, points: points, peakKilobytes: peak)
    }

    private func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value)
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
