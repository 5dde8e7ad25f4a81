import Foundation
import GPX

/// One fix the app recorded on the phone: when, in seconds from the trip's start, and where.
public struct DeviceFix: Hashable, Sendable {
    /// Seconds from the trip's start (the track's first time); negative before it.
    public var time: Double
    public var latitude: Double
    public var longitude: Double
    /// The horizontal accuracy in metres, when the recording gives one.
    public var accuracy: Double?

    public init(time: Double, latitude: Double, longitude: Double, accuracy: Double? = nil) {
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
    }
}

/// What the app recorded on the phone, read as it streams (a fix at a time, memory flat in the
/// recording's length): a GPX track with times, or a CSV file `time,lat,lon[,accuracy]`.
public enum DeviceRecording {
    /// The recording formats, by the file's extension.
    public enum Format: String, CaseIterable, Sendable {
        case gpx, csv

        /// The format a path's extension names (case-insensitive); `nil` for any other.
        public init?(path: String) {
            guard let dot = path.lastIndex(of: "."), let format = Format(rawValue: path[path.index(after: dot)...].lowercased()) else {
                return nil
            }
            self = format
        }
    }

    /// The accuracies a recording may give, in metres. Core Location marks an invalid fix with a
    /// negative accuracy: such a line is refused, not read as a fix.
    public static let accuracyRange: ClosedRange<Double> = 0...100_000

    /// Reads `path`, handing each fix to `body` in file order, with its time in seconds since
    /// `origin` (the trip's start).
    /// - Throws: ``InputFileError``: unreadable (cannot open), or bad data with its place.
    public static func read(_ path: String, origin: GPXTime, _ body: (DeviceFix) -> Void) throws(InputFileError) {
        InputFiles.note(path, .deviceRecording)
        switch Format(path: path) {
        case .gpx: try readGPX(path, origin: origin, body)
        case .csv: try CSVRecordingReader(path: path, origin: origin).read(body)
        case nil:
            throw InputFileError(kind: .usage, description: "\(path): a device recording is a .gpx or .csv file")
        }
    }

    /// The trip's start as a GPX time, from the trajectory's start date (whole seconds stay exact).
    public static func origin(of date: Date) -> GPXTime {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        return GPXTime(secondsSince1970: Int64(whole), nanoseconds: Int32(((interval - whole) * 1e9).rounded()))
    }

    /// A GPX recording: its track points, each with a time (a recording is a track with times).
    private static func readGPX(_ path: String, origin: GPXTime, _ body: (DeviceFix) -> Void) throws(InputFileError) {
        var index = 0
        do {
            let reader = try GPXStreamReader(contentsOf: path)
            try reader.forEachEvent { event in
                guard case .trackPoint(let point) = event else { return }
                index += 1
                guard let time = point.time else {
                    throw InputFileError(kind: .invalidData, description: "\(path): track point \(index) has no <time>: a device recording needs the time of every fix")
                }
                body(DeviceFix(time: time.seconds(since: origin), latitude: point.latitude, longitude: point.longitude))
            }
        } catch let error as GPXReadError {
            throw InputFileError(kind: error.kind == .unreadable ? .cannotOpen : .invalidData, description: error.description)
        } catch let error as InputFileError {
            throw error
        } catch {
            throw InputFileError(kind: .invalidData, description: "\(path): \(error)")
        }
    }
}
