/// The parameters of ``LocationPushProfile`` a scenario or a matrix may set (`profile: {base: ios17, …}`).
extension LocationPushProfile {
    public static let parameters: [SimProfileParameter.Parameter<LocationPushProfile>] = [
        .count("firstIOSVersion", \.firstIOSVersion, 0...99, "the first iOS with location pushes (15)"),
        .number("timeLimit", \.timeLimit, 0...600, .seconds, "seconds a location push's extension runs before it is terminated (§16: 30 s, [model])"),
        .number("warningLead", \.warningLead, 0...600, .seconds, "seconds before that end serviceExtensionWillTerminate() comes (§16: 5 s, [model])"),
    ]
}
