/// The parameters of ``ResourceProfile`` a scenario or a matrix may set (`profile: {base: ios17, …}`).
extension ResourceProfile {
    public static let parameters: [SimProfileParameter.Parameter<ResourceProfile>] = [
        .flag("relaunchAfterCPUKill", \.relaunchAfterCPUKill, "whether location events relaunch an app the CPU limit killed (§9)"),
        .numberOrOff("heldAppJetsamPerHour", \.heldAppJetsamPerHour, 0...3_600, .perHour,
                     "what-if: kills an hour of a running app held by location under memory pressure (§15; off)"),
        .numberOrOff("backgroundFootprintLimitMB", \.backgroundFootprintLimitMB, 0...1_000_000, .megabytes,
                     "the background memory footprint limit (§15: 200 MB; off lifts it)"),
    ]
}
