import ArgumentParser
import Foundation
import GPX

/// Writes a deterministic GPX 1.1 track shaped like a Garmin recording: each point has
/// ele, time and a TrackPointExtension hr, about 250 bytes a point, as Garmin devices write them;
/// a point every `interval` seconds.
enum SyntheticGPX {
    static func write(points: Int, to path: String, interval: Int = 1) throws {
        let handle = try createFile(path)
        defer { try? handle.close() }
        var buffer = Data()
        buffer.append(contentsOf: Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="keepalive-bench"
                 xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
              <trk>
                <name>Synthetic ride</name>
                <trkseg>

            """.utf8))
        let start: Int64 = 1_714_546_800  // 2024-05-01T07:00:00Z
        for index in 0..<points {
            // A slow spiral: small, varied coordinate steps, like a real track.
            let latitude = 47.0 + Double(index % 100_000) * 0.000_01 + Double(index / 100_000) * 0.001
            let longitude = 8.0 + Double(index % 7_919) * 0.000_013
            let elevation = 400.0 + Double(index % 1_000) / 10
            let time = GPXTime(secondsSince1970: start + Int64(index) * Int64(interval)).iso8601String
            let heartRate = 90 + index % 80
            buffer.append(contentsOf: Array("""
                  <trkpt lat="\(fixed(latitude, 7))" lon="\(fixed(longitude, 7))">
                    <ele>\(fixed(elevation, 1))</ele>
                    <time>\(time)</time>
                    <extensions>
                      <gpxtpx:TrackPointExtension>
                        <gpxtpx:hr>\(heartRate)</gpxtpx:hr>
                      </gpxtpx:TrackPointExtension>
                    </extensions>
                  </trkpt>

                """.utf8))
            if buffer.count > 1 << 20 {
                handle.write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer.append(contentsOf: Array("    </trkseg>\n  </trk>\n</gpx>\n".utf8))
        handle.write(buffer)
    }

    private static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((value * scale).rounded())
        let fraction = String(scaled % Int64(scale))
        return "\(scaled / Int64(scale))." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}

/// Writes the lean 1 Hz track the issues' speed figures use (`../shared/bench/gen_1hz.py`, byte
/// for byte): GPX 1.1, each point lat, lon, ele and time and nothing else, about 98 bytes a point;
/// 12 m/s east (west on odd days) for 50 minutes of each hour, then 10 minutes stopped.
enum LeanGPX {
    static func write(seconds: Int, to path: String) throws {
        let handle = try createFile(path)
        defer { try? handle.close() }
        var buffer = Data()
        buffer.append(contentsOf: Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="gen_1hz" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><trkseg>

            """.utf8))
        let latitude = 52.0
        var longitude = 13.0
        let start: Int64 = 1_700_000_000
        let firstDay = start - start % 86_400
        // As Python's math.radians: x · (π / 180).
        let metresPerDegree = 111_320.0 * cos(latitude * (Double.pi / 180.0))
        let latitudeText = fixed7(latitude)
        var dayText = ""
        var dayNumber: Int64 = -1
        for index in 0...seconds {
            let second = start + Int64(index)
            let day = (second - firstDay) / 86_400
            if day != dayNumber {
                dayNumber = day
                dayText = String(GPXTime(secondsSince1970: firstDay + day * 86_400).iso8601String.prefix(10))
            }
            let ofDay = second % 86_400
            if index > 0 && index % 3_600 < 3_000 {
                longitude += ((index / 86_400) % 2 == 0 ? 12.0 : -12.0) / metresPerDegree
            }
            let line = "<trkpt lat=\"\(latitudeText)\" lon=\"\(fixed7(longitude))\"><ele>40.0</ele><time>\(dayText)T"
                + two(ofDay / 3_600) + ":" + two(ofDay / 60 % 60) + ":" + two(ofDay % 60) + "Z</time></trkpt>\n"
            buffer.append(contentsOf: Array(line.utf8))
            if buffer.count > 1 << 20 {
                handle.write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer.append(contentsOf: Array("</trkseg></trk>\n</gpx>\n".utf8))
        handle.write(buffer)
    }

    /// Seven decimals, rounded as C's printf (and Python's format) round: exactly.
    private static func fixed7(_ value: Double) -> String {
        String(format: "%.7f", locale: Locale(identifier: "en_US_POSIX"), value)
    }

    private static func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// An empty file at `path`, open for writing: where the synthetic tracks are written.
private func createFile(_ path: String) throws -> FileHandle {
    guard FileManager.default.createFile(atPath: path, contents: nil), let handle = FileHandle(forWritingAtPath: path) else {
        throw ValidationError("cannot create \(path)")
    }
    return handle
}
