/// The profile's parameters a scenario or a matrix may set, one line a mechanism: each
/// mechanism's folder lists its own.
extension SimProfile {
    /// Every settable parameter, by name (`regions.crossingDistance`): the app's, each
    /// mechanism's in the order the model installs them, then the device's.
    public static let parameters: [SimProfileParameter] =
        appParameters.placed(in: "app") + SimMechanism.allCases.flatMap(parameters(of:)) + SimDeviceProfile.parameters.placed(at: \.device, in: "device")

    /// A mechanism's parameters, from its folder.
    private static func parameters(of mechanism: SimMechanism) -> [SimProfileParameter] {
        switch mechanism {
        case .location: locationParameters.placed(in: "location")
        case .significantChanges:
            significantChangeParameters.placed(in: "significantChanges")
                + SignificantChangeProfile.parameters.placed(at: \.significantChanges, in: "significantChanges")
        case .regions: RegionProfile.parameters.placed(at: \.regions, in: "regions")
        case .visits: VisitProfile.parameters.placed(at: \.visits, in: "visits")
        case .monitor: MonitorProfile.parameters.placed(at: \.monitor, in: "monitor")
        case .bgTasks: BGTaskProfile.parameters.placed(at: \.bgTasks, in: "bgTasks")
        case .pushes: PushProfile.parameters.placed(at: \.pushes, in: "pushes")
        case .transfers: TransferProfile.parameters.placed(at: \.transfers, in: "transfers")
        case .locationPushes: LocationPushProfile.parameters.placed(at: \.locationPushes, in: "locationPushes")
        case .resources: ResourceProfile.parameters.placed(at: \.resources, in: "resources")
        case .liveUpdates: LiveUpdateProfile.parameters.placed(at: \.liveUpdates, in: "liveUpdates")
        case .serviceSessions: ServiceSessionProfile.parameters.placed(at: \.serviceSessions, in: "serviceSessions")
        case .backgroundTasks, .audio, .timers: []  // Their numbers are the app's (the budget), or none.
        }
    }

    /// What the profile's parameters rule out together (a 90th percentile below its median), one
    /// line a mechanism that checks; `nil` when nothing does.
    public var parameterConflict: String? {
        regions.parameterConflict ?? bgTasks.parameterConflict ?? significantChanges.parameterConflict
    }

    /// The parameter named `name`, exactly.
    public static func parameter(named name: String) -> SimProfileParameter? { parameters.first { $0.name == name } }

    /// §1, §2, §9: the app's process and its background time.
    static let appParameters: [SimProfileParameter.Parameter<SimProfile>] = [
        .number("backgroundTimeBudget", \.backgroundTimeBudget, 0...86_400, .seconds, "background time after which expiration handlers run (§2)"),
        .flag("budgetRunsWhileAsleep", \.budgetRunsWhileAsleep, "whether the budget runs while the device sleeps (§2; before iOS 7)"),
        .number("suspensionGracePeriod", \.suspensionGracePeriod, 0...600, .seconds, "the grace before suspension when nothing holds the app (§1)"),
        .number("expirationHandlerAllowance", \.expirationHandlerAllowance, 0...600, .seconds, "time expiration handlers have before the watchdog (§2)"),
        .number("longTaskWarningAfter", \.longTaskWarningAfter, 0...86_400, .seconds, "when iOS warns of a background task still open (§2)"),
        .flag("suspendsApps", \.suspendsApps, "whether iOS suspends an app nothing holds (off under the debugger, §9)"),
        .flag("watchdogEnabled", \.watchdogEnabled, "whether the watchdog ends tasks open past the allowance (§9)"),
        .flag("grantsProvisionalAlways", \.grantsProvisionalAlways, "provisional Always from notDetermined (§5, iOS 13+)"),
        .flag("hasReducedAccuracy", \.hasReducedAccuracy, "whether approximate location exists (§5, iOS 14+)"),
    ]
}
