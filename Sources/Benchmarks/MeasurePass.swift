import ArgumentParser
import CExpat
import Foundation
import GPX

/// One timed pass over a file, run in a process of its own so that its peak memory is its own.
/// Prints `seconds points peakKB` on one line.
struct MeasurePass: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure-pass", abstract: "Internal: one timed pass (used by `gpx`).", shouldDisplay: false)

    enum Mode: String, ExpressibleByArgument {
        /// libexpat alone, namespace-aware, with empty callbacks: the bar.
        case expat
        /// libexpat alone counting `<trkpt>` elements (a `count_trkpt`-style program): the bar
        /// `inspect` is compared with through the CLI (`ratios`).
        case count
        /// The streaming reader handing every event to a closure (`forEachEvent`).
        case stream
        /// The streaming reader pulled event by event (`next()`).
        case pull
        /// The whole-document reader.
        case document
    }

    @Argument var mode: Mode
    @Argument var file: String

    func run() throws {
        let clock = ContinuousClock()
        var points = 0
        let elapsed = try clock.measure {
            switch mode {
            case .expat: try expatOnly()
            case .count: points = try expatCount()
            case .stream: points = try streamEveryEvent()
            case .pull: points = try pullEveryEvent()
            case .document: points = try readDocument()
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(seconds, points, peakResidentKilobytes())
    }

    private func streamEveryEvent() throws -> Int {
        var points = 0
        var heartRateSum = 0
        try GPXStreamReader(contentsOf: file).forEachEvent { event in
            if case .trackPoint(let point) = event {
                points += 1
                heartRateSum &+= point.garmin?.heartRate ?? 0
            }
        }
        if heartRateSum == -1 { print("") }  // keeps the values observed
        return points
    }

    private func pullEveryEvent() throws -> Int {
        let reader = try GPXStreamReader(contentsOf: file)
        var points = 0
        var heartRateSum = 0
        while let event = try reader.next() {
            if case .trackPoint(let point) = event {
                points += 1
                heartRateSum &+= point.garmin?.heartRate ?? 0
            }
        }
        if heartRateSum == -1 { print("") }
        return points
    }

    private func readDocument() throws -> Int {
        let document = try GPXReader().read(contentsOf: file)
        return document.tracks.reduce(0) { $0 + $1.pointCount }
    }

    private func expatOnly() throws {
        let parser = XML_ParserCreateNS(nil, 0x01)
        defer { XML_ParserFree(parser) }
        XML_SetElementHandler(parser, { _, _, _ in }, { _, _ in })
        XML_SetCharacterDataHandler(parser, { _, _, _ in })
        try feed(parser)
    }

    /// Counts the elements whose local name is `trkpt` (expat joins namespace and name with 0x01).
    private func expatCount() throws -> Int {
        let parser = XML_ParserCreateNS(nil, 0x01)
        defer { XML_ParserFree(parser) }
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        defer { counter.deallocate() }
        XML_SetUserData(parser, UnsafeMutableRawPointer(counter))
        XML_SetElementHandler(parser, { userData, name, _ in
            guard var cursor = name else { return }
            var local = cursor
            while cursor.pointee != 0 {
                if cursor.pointee == 0x01 { local = cursor + 1 }
                cursor += 1
            }
            if strcmp(local, "trkpt") == 0 { userData!.assumingMemoryBound(to: Int.self).pointee += 1 }
        }, { _, _ in })
        try feed(parser)
        return counter.pointee
    }

    private func feed(_ parser: XML_Parser?) throws {
        let descriptor = open(file, O_RDONLY)
        guard descriptor >= 0 else { throw ValidationError("cannot open \(file)") }
        defer { close(descriptor) }
        let chunk = 64 * 1024
        while true {
            let buffer = XML_GetBuffer(parser, Int32(chunk))
            let count = read(descriptor, buffer, chunk)
            guard count >= 0, XML_ParseBuffer(parser, Int32(count), count == 0 ? 1 : 0) == XML_STATUS_OK else {
                throw ValidationError("expat failed on \(file)")
            }
            if count == 0 { break }
        }
    }

    private func peakResidentKilobytes() -> Int { PeakMemory.kilobytes() }
}
