/// One point of a GPX file: a waypoint (`<wpt>`), a route point (`<rtept>`) or a track point (`<trkpt>`).
///
/// All three share the GPX `wptType`, so one value type serves them. Everything but the
/// coordinate is optional, as in the schema.
public struct GPXPoint: Hashable, Sendable {
    /// Latitude in degrees, −90…90 (`lat`).
    public var latitude: Double
    /// Longitude in degrees, −180…180 (`lon`).
    public var longitude: Double
    /// Elevation in metres (`<ele>`).
    public var elevation: Double?
    /// When the point was recorded (`<time>`).
    public var time: GPXTime?
    /// `<name>`.
    public var name: String?
    /// `<cmt>`.
    public var comment: String?
    /// `<desc>`.
    public var description: String?
    /// `<sym>`.
    public var symbol: String?
    /// `<type>`.
    public var type: String?
    /// Course over ground in degrees, from GPX 1.0's `<course>`.
    public var course: Double?
    /// Speed over ground in m/s, from GPX 1.0's `<speed>`.
    public var speed: Double?
    /// `<fix>`.
    public var fix: GPXFix?
    /// Number of satellites (`<sat>`).
    public var satellites: Int?
    /// Horizontal dilution of precision (`<hdop>`).
    public var horizontalDilution: Double?
    /// Vertical dilution of precision (`<vdop>`).
    public var verticalDilution: Double?
    /// Position dilution of precision (`<pdop>`).
    public var positionDilution: Double?
    /// Garmin TrackPointExtension values, if the point carries them.
    public var garmin: GarminTrackPointExtension?

    /// Creates a point at a coordinate; set the other fields as needed.
    public init(latitude: Double, longitude: Double, elevation: Double? = nil, time: GPXTime? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.time = time
    }

    /// Speed the file recorded, from GPX 1.0 `<speed>` or else the Garmin extension; m/s.
    public var recordedSpeed: Double? { speed ?? garmin?.speed }

    /// Course the file recorded, from GPX 1.0 `<course>` or else the Garmin extension; degrees.
    public var recordedCourse: Double? { course ?? garmin?.course }
}
