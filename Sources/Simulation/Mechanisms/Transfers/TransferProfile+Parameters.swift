/// The parameters of ``TransferProfile`` a scenario or a matrix may set (`profile: {base: ios17, …}`).
extension TransferProfile {
    public static let parameters: [SimProfileParameter.Parameter<TransferProfile>] = [
        .count("firstIOSVersion", \.firstIOSVersion, 0...99, "the first iOS with background sessions (7)"),
        .number("wakeSeconds", \.wakeSeconds, 0...600, .seconds, "how long a transfer's wake runs (§14)"),
        .number("discretionaryDelay", \.discretionaryDelay, 0...86_400 * 7, .seconds, "seconds before a discretionary transfer starts (§14)"),
        .flag("discretionaryNeedsPower", \.discretionaryNeedsPower, "whether a discretionary transfer waits for power (§14)"),
        .number("resumeDelayFirst", \.resumeDelayFirst, 0...86_400, .seconds, "the first resume delay after a wake (§14: 60 s)"),
        .number("resumeDelayFactor", \.resumeDelayFactor, 1...100, .factor, "the resume delay's factor per wake (§14: 2)"),
    ]
}
