import Foundation
import GPX
import ScenarioInput
import Testing

/// Issue 33: the CSV recording's lines are read from their bytes. Every way a good line may be
/// written gives the fix its text gives: the time as `GPXTime` reads it (or seconds since 1970,
/// kept exact), each number as `Double` reads its decimal; lines cut by the reader's 64 KB chunks
/// alike, and lines the bytes' way passes to the text's (non-ASCII) too.
@Suite struct CSVRecordingBytesTests {
    private let origin = GPXTime(secondsSince1970: 1_714_550_400)

    private func read(_ text: String) throws -> [DeviceFix] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("csv-bytes-\(UUID().uuidString).csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var fixes: [DeviceFix] = []
        try DeviceRecording.read(path, origin: origin) { fixes.append($0) }
        return fixes
    }

    /// A fix as its fields' text says, by the library's own readers.
    private func expected(_ time: String, _ lat: String, _ lon: String, _ accuracy: String? = nil) -> DeviceFix {
        let seconds = GPXTime(iso8601: time)?.seconds(since: origin) ?? (Double(time)! - 1_714_550_400)
        return DeviceFix(time: seconds, latitude: Double(lat)!, longitude: Double(lon)!, accuracy: accuracy.flatMap(Double.init))
    }

    @Test func everyWayOfWritingAGoodLine() throws {
        let text = """
            time,lat,lon,accuracy
            2024-05-01T08:00:00Z,47.3779000,8.5403000,5
            2024-05-01T08:00:01.250+02:00, 47.3779 ,\t8.54031\t,12.5\r
            1714550402,-0.5,+179.9999999,

            1714550403.123456789123,.5,5.,0
            \t \r
            2024-05-01T08:00:04Z,47.12345678901234567890123,-8.000000000000000000001,100000
            2024-05-01 08:00:05,-0,90,3
            2024-05-01T08:00:06Z,47.5,8.5,5,ignored,columns
            2024-05-01T08:00:07Z,47.5,8.5,5,ünïcode
            """
        let fixes = try read(text + "\n")
        #expect(fixes == [
            expected("2024-05-01T08:00:00Z", "47.3779000", "8.5403000", "5"),
            expected("2024-05-01T08:00:01.250+02:00", "47.3779", "8.54031", "12.5"),
            expected("1714550402", "-0.5", "+179.9999999"),
            DeviceFix(time: 3.123456789, latitude: 0.5, longitude: 5, accuracy: 0),
            expected("2024-05-01T08:00:04Z", "47.12345678901234567890123", "-8.000000000000000000001", "100000"),
            expected("2024-05-01 08:00:05", "-0", "90", "3"),
            expected("2024-05-01T08:00:06Z", "47.5", "8.5", "5"),
            expected("2024-05-01T08:00:07Z", "47.5", "8.5", "5"),
        ])
        // Negative zero stays negative, as Double("-0") reads it.
        #expect(fixes[5].latitude.sign == .minus)
        // The last line without its line break is read too.
        #expect(try read(text).count == 8)
    }

    /// 5,000 lines of about 35 bytes (three 64 KB chunks, each cutting a line); columns in another order.
    @Test func linesCutByTheChunks() throws {
        var text = "accuracy,lon,time,lat\n"
        var fixes: [DeviceFix] = []
        for row in 0..<5_000 {
            let lat = String(format: "%.7f", 47 + Double(row) * 1e-5), lon = String(format: "%.7f", 8 - Double(row) * 3e-5)
            text += "\(row % 50),\(lon),\(1_714_550_400 + row),\(lat)\n"
            fixes.append(DeviceFix(time: Double(row), latitude: Double(lat)!, longitude: Double(lon)!, accuracy: Double(row % 50)))
        }
        #expect(text.utf8.count > 2 * 65_536)
        #expect(try read(text) == fixes)
    }
}
