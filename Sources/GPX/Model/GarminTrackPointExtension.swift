/// Values from Garmin's TrackPointExtension (v1 or v2) on a point.
///
/// Recognised by namespace URI (`http://www.garmin.com/xmlschemas/TrackPointExtension/v1` or `/v2`,
/// and the `xmlschemes` misspelling some exporters write), whatever prefix the file binds it to:
/// Garmin Connect writes `ns3:`, most others `gpxtpx:`.
public struct GarminTrackPointExtension: Hashable, Sendable {
    /// Heart rate, beats per minute (`hr`).
    public var heartRate: Int?
    /// Cadence, revolutions or steps per minute (`cad`).
    public var cadence: Int?
    /// Air temperature, °C (`atemp`).
    public var airTemperature: Double?
    /// Water temperature, °C (`wtemp`).
    public var waterTemperature: Double?
    /// Depth, metres (`depth`).
    public var depth: Double?
    /// Speed over ground, m/s (`speed`, v2 only).
    public var speed: Double?
    /// Course over ground, degrees from true north (`course`, v2 only).
    public var course: Double?
    /// Bearing, degrees from true north (`bearing`, v2 only).
    public var bearing: Double?

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
}
