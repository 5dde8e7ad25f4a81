/// The parameters of ``LiveUpdateProfile`` a scenario or a matrix may set (`profile: {base: ios17, …}`).
extension LiveUpdateProfile {
    public static let parameters: [SimProfileParameter.Parameter<LiveUpdateProfile>] = [
        .flag("isAvailable", \.isAvailable, "whether CLLocationUpdate.liveUpdates exists (iOS 17+)"),
        .flag("hasDiagnostics", \.hasDiagnostics, "whether updates carry iOS 18's diagnostics"),
        .number("backgroundStillCutoff", \.backgroundStillCutoff, 0...86_400, .seconds, "seconds a still device keeps updates in the background (§10)"),
        .number("sessionRejoinWindow", \.sessionRejoinWindow, 0...600, .seconds, "seconds after a relaunch to re-create a session (§10)"),
        .number("wakeSeconds", \.wakeSeconds, 0...600, .seconds, "how long a live-updates wake runs (§10)"),
    ]
}
