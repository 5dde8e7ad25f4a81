import Foundation
import GPX
import ScenarioInput
import ScenarioRun
import Simulation

/// Writes the fixes a run delivered to the app as a device recording would hold them (CSV
/// `time,lat,lon`, or a GPX track), each at the time it was taken: the model's own output, in
/// the form `keepalive compare --device` reads. Streams as the run goes.
@MainActor
public final class DeliveredFixWriter: SimEventSink {
    public enum Format: Sendable {
        case csv, gpx
    }

    private let format: Format
    private let origin: GPXTime
    private let write: (String) -> Void
    private var started = false

    /// `startDate` is the trip's start (the trajectory's); `write` receives the text piece by piece.
    public init(_ format: Format, startDate: Date, write: @escaping (String) -> Void) {
        self.format = format
        origin = DeviceRecording.origin(of: startDate)
        self.write = write
    }

    public func receive(_ event: SimEvent) {
        guard event.kind == .fixDelivered, let fix = event.fix else { return }
        start()
        let time = Self.time(origin, plus: event.time - (fix.delay ?? 0)).iso8601String
        let lat = Formatting.fixed(fix.latitude, 7)
        let lon = Formatting.fixed(fix.longitude, 7)
        switch format {
        case .csv: write("\(time),\(lat),\(lon)\n")
        case .gpx: write("      <trkpt lat=\"\(lat)\" lon=\"\(lon)\"><time>\(time)</time></trkpt>\n")
        }
    }

    public func finish() {
        start()
        if format == .gpx { write("    </trkseg>\n  </trk>\n</gpx>\n") }
    }

    private func start() {
        guard !started else { return }
        started = true
        switch format {
        case .csv: write("time,lat,lon\n")
        case .gpx:
            write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"KeepAliveSim\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n  <trk>\n    <name>fixes delivered to the app</name>\n    <trkseg>\n")
        }
    }

    /// `origin` plus `seconds`, to the nanosecond.
    static func time(_ origin: GPXTime, plus seconds: Double) -> GPXTime {
        let whole = seconds.rounded(.down)
        var nanoseconds = Int64(origin.nanoseconds) + Int64(((seconds - whole) * 1e9).rounded())
        var total = origin.secondsSince1970 + Int64(whole)
        if nanoseconds >= 1_000_000_000 {
            nanoseconds -= 1_000_000_000
            total += 1
        }
        return GPXTime(secondsSince1970: total, nanoseconds: Int32(nanoseconds))
    }
}
