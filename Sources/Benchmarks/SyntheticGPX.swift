import ArgumentParser
import Foundation
import GPX

/// Writes a deterministic GPX 1.1 track shaped like a Garmin recording: each point has
/// ele, time and a TrackPointExtension hr, about 250 bytes a point, as Garmin devices write them;
/// a point every `interval` seconds.
enum SyntheticGPX {
    static func write(points: Int, to path: String, interval: Int = 1) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw ValidationError("cannot create \(path)")
        }
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
