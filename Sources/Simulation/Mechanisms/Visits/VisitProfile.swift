/// The numbers of the visit service (§11), ``SimProfile/visits``; its wake and its look at the
/// position are the regions' (``SimProfile/regions``).
public struct VisitProfile: Hashable, Sendable, Codable {
    /// Visits: the device must stay within `radius` metres for `dwell` seconds for an
    /// arrival; leaving that circle is a departure. Apple publishes neither. [model]
    public var dwell: Double = 600
    public var radius: Double = 100
    /// Seconds added to the regions' drawn `ReportDelay` (§11, median 30 s) between a visit's
    /// arrival (dwell complete) or departure and the app hearing of it: Apple publishes no visit
    /// latency, so a visit takes Core Location's delivery path as a region event does, and this
    /// is a what-if on top; none by default. [model]
    public var latency: Double = 0

    /// The defaults above.
    public init() {}
}
