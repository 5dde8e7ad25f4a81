// keepalive-samples: writes Tracks/compare/{trip.gpx, device-recording.csv}, the sample data of
// `keepalive compare` (Docs/CLI.md, "compare"). Deterministic: the same program writes the same
// bytes. Run from the package's root:
//
//     swift run keepalive-samples            # or: swift run keepalive-samples OUTPUT-FOLDER
//
// trip.gpx: the ground truth, a 20-minute drive at 1 Hz (a car's logger): 10 s to speed up to
// 15 m/s, cruising, 10 s to stop; a right turn at 0:08:00.
// device-recording.csv: what the app itself recorded on the phone on that trip: a fix a second at
// the trip's own positions (accuracy 5 m), except that the app stops recording after its fix at
// 0:09:59 and records again from 0:15:00, as an app stopped by the system would (Low Power Mode,
// a restart, an update): the gap `keepalive compare` must find, at 0:10:04 under the navigation goal.
import Foundation

let folder = CommandLine.arguments.dropFirst().first ?? "Tracks/compare"
let start = 1_714_550_400  // 2024-05-01T08:00:00Z
let duration = 1_200
let cruise = 15.0
/// The last fix before the device's gap and the first after it, in seconds from the start.
let lastFixBeforeGap = 599
let firstFixAfterGap = 900
let earth = 6_371_008.8

/// Destination on a sphere: good enough for a synthetic trip.
func move(_ lat: Double, _ lon: Double, bearing: Double, metres: Double) -> (Double, Double) {
    let b = bearing * .pi / 180, d = metres / earth
    let p1 = lat * .pi / 180, l1 = lon * .pi / 180
    let p2 = asin(sin(p1) * cos(d) + cos(p1) * sin(d) * cos(b))
    let l2 = l1 + atan2(sin(b) * sin(d) * cos(p1), cos(d) - sin(p1) * sin(p2))
    return (p2 * 180 / .pi, l2 * 180 / .pi)
}

/// The speed at second `t`: up over 10 s, cruise, down over the last 10 s.
func speed(at t: Int) -> Double {
    min(cruise, cruise * Double(t) / 10, cruise * Double(duration - t) / 10)
}

/// A point a second: (lat, lon), from Zürich's main station, east then south-east from 0:08:00.
var points: [(Double, Double)] = [(47.3779, 8.5403)]
for t in 1...duration {
    let (lat, lon) = points[t - 1]
    let metres = (speed(at: t - 1) + speed(at: t)) / 2
    points.append(move(lat, lon, bearing: t <= 480 ? 90 : 135, metres: metres))
}

/// `2024-05-01T08:10:04Z`.
func iso(_ t: Int) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(start + t)))
}

func coordinate(_ value: Double) -> String { String(format: "%.7f", value) }

var gpx = """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="KeepAliveSim keepalive-samples">
      <metadata><name>Drive for keepalive compare</name><time>\(iso(0))</time></metadata>
      <trk>
        <name>Drive for keepalive compare</name>
        <type>driving</type>
        <trkseg>\n
    """
for (t, point) in points.enumerated() {
    gpx += "      <trkpt lat=\"\(coordinate(point.0))\" lon=\"\(coordinate(point.1))\"><time>\(iso(t))</time></trkpt>\n"
}
gpx += "    </trkseg>\n  </trk>\n</gpx>\n"

var csv = "time,lat,lon,accuracy\n"
for (t, point) in points.enumerated() where t <= lastFixBeforeGap || t >= firstFixAfterGap {
    csv += "\(iso(t)),\(coordinate(point.0)),\(coordinate(point.1)),5\n"
}

do {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try gpx.write(toFile: folder + "/trip.gpx", atomically: true, encoding: .utf8)
    try csv.write(toFile: folder + "/device-recording.csv", atomically: true, encoding: .utf8)
    print("wrote \(folder)/trip.gpx (\(points.count) points) and \(folder)/device-recording.csv (\(csv.split(separator: "\n").count - 1) fixes)")
} catch {
    FileHandle.standardError.write(Data("keepalive-samples: \(error.localizedDescription)\n".utf8))
    exit(73)
}
