/// The parameters of ``ResourceProfile`` a scenario or a matrix may set (`profile: {base: ios17, …}`).
extension ResourceProfile {
    public static let parameters: [SimProfileParameter.Parameter<ResourceProfile>] = [
        .flag("relaunchAfterCPUKill", \.relaunchAfterCPUKill, "whether location events relaunch an app the CPU limit killed (§9)"),
    ]
}
