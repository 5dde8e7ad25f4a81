/// Values from Garmin's TrackPointExtension (v1 or v2) on a point.
///
/// Recognised by namespace URI (`http://www.garmin.com/xmlschemas/TrackPointExtension/v1` or `/v2`,
/// and the `xmlschemes` misspelling some exporters write), whatever prefix the file binds it to:
/// Garmin Connect writes `ns3:`, most others `gpxtpx:`.
///
/// Stored compactly (absent numbers as NaN or `Int32.min`), since a recording may carry one per point;
/// a NaN assigned to a field reads back as absent.
public struct GarminTrackPointExtension: Hashable, Sendable {
    private var storedHeartRate = Int32.min
    private var storedCadence = Int32.min
    private var storedAirTemperature = Double.nan
    private var storedWaterTemperature = Double.nan
    private var storedDepth = Double.nan
    private var storedSpeed = Double.nan
    private var storedCourse = Double.nan
    private var storedBearing = Double.nan

    /// Heart rate, beats per minute (`hr`).
    public var heartRate: Int? {
        get { storedHeartRate == .min ? nil : Int(storedHeartRate) }
        set { storedHeartRate = newValue.flatMap { Int32(exactly: $0) } ?? .min }
    }
    /// Cadence, revolutions or steps per minute (`cad`).
    public var cadence: Int? {
        get { storedCadence == .min ? nil : Int(storedCadence) }
        set { storedCadence = newValue.flatMap { Int32(exactly: $0) } ?? .min }
    }
    /// Air temperature, °C (`atemp`).
    public var airTemperature: Double? {
        get { Self.read(storedAirTemperature) }
        set { storedAirTemperature = newValue ?? .nan }
    }
    /// Water temperature, °C (`wtemp`).
    public var waterTemperature: Double? {
        get { Self.read(storedWaterTemperature) }
        set { storedWaterTemperature = newValue ?? .nan }
    }
    /// Depth, metres (`depth`).
    public var depth: Double? {
        get { Self.read(storedDepth) }
        set { storedDepth = newValue ?? .nan }
    }
    /// Speed over ground, m/s (`speed`, v2 only).
    public var speed: Double? {
        get { Self.read(storedSpeed) }
        set { storedSpeed = newValue ?? .nan }
    }
    /// Course over ground, degrees from true north (`course`, v2 only).
    public var course: Double? {
        get { Self.read(storedCourse) }
        set { storedCourse = newValue ?? .nan }
    }
    /// Bearing, degrees from true north (`bearing`, v2 only).
    public var bearing: Double? {
        get { Self.read(storedBearing) }
        set { storedBearing = newValue ?? .nan }
    }

    /// Creates an extension value; every field is optional.
    public init(
        heartRate: Int? = nil, cadence: Int? = nil, airTemperature: Double? = nil,
        waterTemperature: Double? = nil, depth: Double? = nil, speed: Double? = nil,
        course: Double? = nil, bearing: Double? = nil
    ) {
        self.heartRate = heartRate
        self.cadence = cadence
        self.airTemperature = airTemperature
        self.waterTemperature = waterTemperature
        self.depth = depth
        self.speed = speed
        self.course = course
        self.bearing = bearing
    }

    private static func read(_ stored: Double) -> Double? { stored.isNaN ? nil : stored }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.heartRate == rhs.heartRate && lhs.cadence == rhs.cadence
            && lhs.airTemperature == rhs.airTemperature && lhs.waterTemperature == rhs.waterTemperature
            && lhs.depth == rhs.depth && lhs.speed == rhs.speed && lhs.course == rhs.course
            && lhs.bearing == rhs.bearing
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(heartRate)
        hasher.combine(cadence)
        hasher.combine(airTemperature)
        hasher.combine(waterTemperature)
        hasher.combine(depth)
        hasher.combine(speed)
        hasher.combine(course)
        hasher.combine(bearing)
    }
}
