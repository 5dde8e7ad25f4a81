/// The parameters of ``MonitorProfile`` a scenario or a matrix may set (`profile: {base: ios17, …}`).
extension MonitorProfile {
    public static let parameters: [SimProfileParameter.Parameter<MonitorProfile>] = [
        .flag("isAvailable", \.isAvailable, "whether CLMonitor exists (iOS 17+)"),
        .flag("hasConditionLimitExceeded", \.hasConditionLimitExceeded, "whether a 21st condition reports conditionLimitExceeded (iOS 18+)"),
        .number("initialStateLatency", \.initialStateLatency, 0...86_400, .seconds, "seconds before a new condition's first state (§11)"),
    ]
}
