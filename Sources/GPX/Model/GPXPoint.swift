/// One point of a GPX file: a waypoint (`<wpt>`), a route point (`<rtept>`) or a track point (`<trkpt>`).
///
/// All three share the GPX `wptType`, so one value type serves them. Everything but the
/// coordinate is optional, as in the schema.
///
/// Fields most points lack (comment, description, symbol, type, fix, satellites, dilutions) share
/// one immutable box, so that a point stays small: large files are streamed and held as arrays of
/// points, and each byte of a point counts a million times.
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
    /// Course over ground in degrees, from GPX 1.0's `<course>`.
    public var course: Double?
    /// Speed over ground in m/s, from GPX 1.0's `<speed>`.
    public var speed: Double?
    /// Garmin TrackPointExtension values, if the point carries them.
    public var garmin: GarminTrackPointExtension?
    /// The less common fields; `nil` when the point has none of them.
    private var detailsBox: DetailsBox?

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

    /// The less common fields together; setting them all at once allocates once.
    public var details: GPXPointDetails {
        get { detailsBox?.details ?? GPXPointDetails() }
        set { detailsBox = newValue == GPXPointDetails() ? nil : DetailsBox(newValue) }
    }

    /// `<cmt>`.
    public var comment: String? {
        get { detailsBox?.details.comment }
        set { details.comment = newValue }
    }
    /// `<desc>`.
    public var description: String? {
        get { detailsBox?.details.description }
        set { details.description = newValue }
    }
    /// `<sym>`.
    public var symbol: String? {
        get { detailsBox?.details.symbol }
        set { details.symbol = newValue }
    }
    /// `<type>`.
    public var type: String? {
        get { detailsBox?.details.type }
        set { details.type = newValue }
    }
    /// `<fix>`.
    public var fix: GPXFix? {
        get { detailsBox?.details.fix }
        set { details.fix = newValue }
    }
    /// Number of satellites (`<sat>`).
    public var satellites: Int? {
        get { detailsBox?.details.satellites }
        set { details.satellites = newValue }
    }
    /// Horizontal dilution of precision (`<hdop>`).
    public var horizontalDilution: Double? {
        get { detailsBox?.details.horizontalDilution }
        set { details.horizontalDilution = newValue }
    }
    /// Vertical dilution of precision (`<vdop>`).
    public var verticalDilution: Double? {
        get { detailsBox?.details.verticalDilution }
        set { details.verticalDilution = newValue }
    }
    /// Position dilution of precision (`<pdop>`).
    public var positionDilution: Double? {
        get { detailsBox?.details.positionDilution }
        set { details.positionDilution = newValue }
    }

    /// Immutable, so sharing it between copies of a point keeps value semantics.
    private final class DetailsBox: Hashable, Sendable {
        let details: GPXPointDetails

        init(_ details: GPXPointDetails) { self.details = details }

        static func == (lhs: DetailsBox, rhs: DetailsBox) -> Bool { lhs.details == rhs.details }

        func hash(into hasher: inout Hasher) { hasher.combine(details) }
    }
}

/// The fields of a point that most files leave out.
public struct GPXPointDetails: Hashable, Sendable {
    /// `<cmt>`.
    public var comment: String?
    /// `<desc>`.
    public var description: String?
    /// `<sym>`.
    public var symbol: String?
    /// `<type>`.
    public var type: String?
    /// `<fix>`.
    public var fix: GPXFix?
    /// `<sat>`.
    public var satellites: Int?
    /// `<hdop>`.
    public var horizontalDilution: Double?
    /// `<vdop>`.
    public var verticalDilution: Double?
    /// `<pdop>`.
    public var positionDilution: Double?

    /// Creates details; every field is optional.
    public init(
        comment: String? = nil, description: String? = nil, symbol: String? = nil, type: String? = nil,
        fix: GPXFix? = nil, satellites: Int? = nil, horizontalDilution: Double? = nil,
        verticalDilution: Double? = nil, positionDilution: Double? = nil
    ) {
        self.comment = comment
        self.description = description
        self.symbol = symbol
        self.type = type
        self.fix = fix
        self.satellites = satellites
        self.horizontalDilution = horizontalDilution
        self.verticalDilution = verticalDilution
        self.positionDilution = positionDilution
    }
}
