/// The parameters of ``PushProfile`` a scenario or a matrix may set (`profile: {base: ios17, …}`).
extension PushProfile {
    public static let parameters: [SimProfileParameter.Parameter<PushProfile>] = [
        .count("silentPerHour", \.silentPerHour, 0...3_600, "silent pushes delivered in an hour (§14: two or three)"),
        .number("wakeSeconds", \.wakeSeconds, 0...600, .seconds, "how long a push or fetch wake runs (§14: 30 s)"),
        .flag("voipRequiresCall", \.voipRequiresCall, "whether a VoIP push must be reported as a call (§14, iOS 13+)"),
        .count("voipFailuresBeforeCutOff", \.voipFailuresBeforeCutOff, 0...1_000, "unreported VoIP pushes before iOS stops them (§14)"),
    ]
}
