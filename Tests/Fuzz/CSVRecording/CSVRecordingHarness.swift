#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzSupport
import GPX
import ScenarioInput

/// The CSV device-recording reader under fuzzing: any bytes, written to a scratch `.csv` file
/// (the reader streams a file), through `DeviceRecording.read`. It must hand over fixes and
/// return, or throw an `InputFileError` of invalid data at `FILE:LINE:COLUMN`, on one line; every
/// fix handed over has a finite time and its latitude, longitude and accuracy in range.
enum CSVRecordingHarness {
    /// A folder of this process's own (mkdtemp), removed at exit, and the file in it.
    static let folder: String = {
        var template = Array("/tmp/keepalive-fuzz-csv-XXXXXX".utf8CString)
        guard mkdtemp(&template) != nil else { fatalError("cannot make a scratch folder") }
        let folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        atexit {
            unlink(CSVRecordingHarness.path)
            rmdir(CSVRecordingHarness.folder)
        }
        return folder
    }()
    static let path = folder + "/recording.csv"
    /// The trip's start: 2024-05-01T08:00:00Z.
    static let origin = GPXTime(secondsSince1970: 1_714_550_400)

    static func run(_ data: UnsafeRawBufferPointer) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        Fuzz.check(descriptor >= 0, "cannot write \(path)")
        var offset = 0
        while offset < data.count {
            let written = write(descriptor, data.baseAddress! + offset, data.count - offset)
            Fuzz.check(written > 0, "cannot write \(path)")
            offset += written
        }
        close(descriptor)
        var fixes = 0
        do throws(InputFileError) {
            try DeviceRecording.read(path, origin: origin) { fix in
                fixes += 1
                Fuzz.check(fix.time.isFinite, "fix \(fixes) at \(fix.time) s")
                Fuzz.check((-90...90).contains(fix.latitude) && (-180...180).contains(fix.longitude), "fix \(fixes) at \(fix.latitude), \(fix.longitude)")
                if let accuracy = fix.accuracy {
                    Fuzz.check(DeviceRecording.accuracyRange.contains(accuracy), "fix \(fixes) has an accuracy of \(accuracy) m")
                }
            }
        } catch {
            Fuzz.check(error.kind == .invalidData, "a recording failed as \(error.kind): \(error)")
            let place = error.description.dropFirst(path.count).split(separator: ":", maxSplits: 2)
            Fuzz.check(error.description.hasPrefix(path + ":") && place.count == 3 && Int(place[0]) ?? 0 >= 1 && Int(place[1]) ?? 0 >= 1,
                       "the error has no FILE:LINE:COLUMN: \(error)")
            Fuzz.check(Fuzz.isOneLine(error.description), "the error is not one line: \(error.description.debugDescription)")
        }
    }
}
