/// The parameters of ``VisitProfile`` a scenario or a matrix may set (`profile: {base: ios17, …}`).
extension VisitProfile {
    public static let parameters: [SimProfileParameter.Parameter<VisitProfile>] = [
        .number("dwell", \.dwell, 0...86_400, .seconds, "how long a stay must last to be a visit (§11)"),
        .number("radius", \.radius, 0...100_000, .metres, "how far the device may move within a visit (§11)"),
        .number("latency", \.latency, 0...86_400, .seconds, "seconds from a visit counting to the app hearing of it (§11)"),
    ]
}
