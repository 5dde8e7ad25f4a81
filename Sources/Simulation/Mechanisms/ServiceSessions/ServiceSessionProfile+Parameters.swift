/// The parameters of ``ServiceSessionProfile`` a scenario or a matrix may set (`profile: {base: ios17, …}`).
extension ServiceSessionProfile {
    public static let parameters: [SimProfileParameter.Parameter<ServiceSessionProfile>] = [
        .flag("isAvailable", \.isAvailable, "whether CLServiceSession exists (iOS 18+)"),
        .number("rejoinWindow", \.rejoinWindow, 0...600, .seconds, "seconds after a relaunch to rejoin a session (§10: 5 s)"),
    ]
}
