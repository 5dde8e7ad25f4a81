/// The numbers of the visit service (§11), ``SimProfile/visits``; its wake and its look at the
/// position are the regions' (``SimProfile/regions``).
public struct VisitProfile: Hashable, Sendable, Codable {
    /// Visits: the device must stay within `radius` metres for `dwell` seconds for an
    /// arrival; leaving that circle is a departure. Apple publishes neither. [model]
    public var dwell: Double = 600
    public var radius: Double = 100
    /// Seconds from a visit's arrival (dwell complete) or departure to the app hearing of it;
    /// unpublished, none by default. [model]
    public var latency: Double = 0

    /// The defaults above.
    public init() {}
}
