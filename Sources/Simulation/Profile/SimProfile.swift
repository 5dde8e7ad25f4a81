/// Every number the model uses, in one place: a device/OS profile.
///
/// Apple documents few of these; most were observed by developers (see
/// `../shared/docs/ios-background-semantics.md`, whose section each property names). Each is a
/// plain stored property, so a test or a `--budget` option can override it.
///
/// ```swift
/// var profile = SimProfile.iOS17
/// profile.backgroundTimeBudget = 40   // what one iPhone on iOS 11.1 showed
/// ```
public struct SimProfile: Hashable, Sendable, Codable {
    /// A short name for reports, e.g. "ios17", "ios16.4".
    public var name: String
    /// The iOS major version the profile stands for (6 for iOS 4–6, 7 for 7–8, 16 for both
    /// `ios16` and `ios16.4`; its releases are ``span``); mechanisms ask it whether their API exists.
    public var iOSVersion: Int
    /// The releases the profile's era covers (§16): `ios16` 16.0 up to 16.4, `ios16.4` 16.4 up to
    /// 17.0. A run asked for a version runs the profile whose span holds it. `nil` for a profile
    /// made by hand that stands for no release.
    public var span: SimOSVersionSpan?
    /// The release a run asked for (`15.2`), when the profile was picked by a version rather than
    /// by its name; rules that change inside an era (``SimPointRelease``) are decided by it.
    public var requestedOSVersion: SimOSVersion?
    /// What changes at the start of this profile's era, with sources (`keepalive profiles`).
    public var changesAtStart: [SimEraChange] = []

    /// The release whose rules a run follows: the one asked for, else the era's first (rules
    /// that change inside an era were applied from its latest, ``SimPointRelease``), else the
    /// major version of a profile made by hand.
    public var osVersion: SimOSVersion { requestedOSVersion ?? span?.from ?? SimOSVersion(iOSVersion) }

    // MARK: §2 Background time

    /// Seconds of background time after which expiration handlers run. iOS 4–6: 600; 7–12: ~180
    /// (crash logs show `permittedBackgroundDuration: 180`); 13+: ~30 (~20 s, ~15 s and ~40 s were
    /// also observed). [doc][dts][obs]
    public var backgroundTimeBudget: Double
    /// Whether the budget runs while the device sleeps (locked). Before iOS 7 it did; from iOS 7
    /// it pauses and the rest is spent after the next wake. [doc: WWDC 2013]
    public var budgetRunsWhileAsleep: Bool
    /// Seconds an app keeps running after entering the background with nothing holding it
    /// (`applicationDidEnterBackground` gets "roughly 5 s"). [doc]
    public var suspensionGracePeriod: Double
    /// Seconds expiration handlers have to end their tasks before the watchdog terminates the app. [doc][dts]
    public var expirationHandlerAllowance: Double
    /// Seconds after which iOS logs a warning for a background task still open. [obs]
    public var longTaskWarningAfter: Double

    // MARK: §3 Location

    /// Whether `allowsBackgroundLocationUpdates` exists (iOS 9+). Before, the `location` mode
    /// alone keeps updates going in the background, and setting the flag does nothing. [doc]
    public var hasBackgroundLocationFlag: Bool
    /// Seconds an app woken or relaunched for a significant location change runs (§9: ~30 s),
    /// not the era's task budget. [doc][dts]
    public var significantChangeWakeSeconds: Double

    /// How soon, per activity type, a device that stays put has its updates paused
    /// (`pausesLocationUpdatesAutomatically`); observed ~10–20 min. [model]
    public var stationaryWindows: [SimActivityType: Double]
    /// Metres the device may wander and still count as staying put. [model]
    public var stationaryRadius: Double
    /// Cadence, accuracy and noise of fixes per `desiredAccuracy` setting. [model]
    public var accuracyProfiles: [SimAccuracy: SimAccuracyProfile]
    /// Deliver a fix that fails the distance filter when its accuracy improved (the header's
    /// "unless accuracy improved"); off by default. [model]
    public var deliversFixesWhenAccuracyImproves: Bool
    /// Significant-change service: metres between fixes, and the shortest interval in seconds. [doc]
    public var significantChangeDistance: Double
    public var significantChangeMinimumInterval: Double
    /// How far apart significant changes come in the field (seeded; ``SignificantChangeProfile``).
    public var significantChanges = SignificantChangeProfile()
    /// Whether a significant change relaunches an app the user force-quit: developers report it
    /// does from iOS 7.1 through iOS 18 (Always); on iOS 26.4 it did not (forum thread 826964),
    /// nor did regions or CLMonitor (`regions.relaunchAfterForceQuit`). Apple's stated policy is
    /// no relaunch (DTS thread 14855). [dts][obs]
    public var significantChangeRelaunchAfterForceQuit = true
    /// What Low Power Mode does to background standard updates (§15): Apple documents no change,
    /// so by default none; developers' reports of deliveries that stop until the app restarts
    /// them are ``SimLowPowerLocationEffect/stopsUntilRestarted``, the matrix's `low-power`
    /// condition (see ``SimLowPowerLocationEffect``). [doc][obs][model]
    public var lowPowerModeLocation = SimLowPowerLocationEffect.standard
    /// What-if, off (`nil`) by default (§15 long sessions, `location.maxSessionSeconds`): a
    /// continuous background location session ends after this many seconds (its standard
    /// updates stop, untold, and the app falls back to the ordinary rules). No iOS version does
    /// this; it is for sensitivity runs. Valid: above 0 up to 100 years. [model]
    public var maxSessionSeconds: Double?

    /// §4's iOS 16.4 rule: from which release, and what makes a setting coarse.
    public var hiddenIndicatorRule = HiddenIndicatorRule()
    /// §4: the kinds of background run in which starting standard updates starts a keep-alive
    /// session (default: only a significant-change wake, after DTS; ``KeepAliveStartWake/lenient``
    /// is the what-if). [dts][model]
    public var keepAliveStartWakes = KeepAliveStartWake.significantChangeOnly
    /// §9, §16: the chance that iOS relaunches an app that is not running for a region,
    /// CLMonitor or significant-change event (1 from iOS 15.3; 0.5, seeded, on 15.0–15.2, where
    /// reports show missing relaunches). [obs][model]
    public var locationRelaunchProbability = 1.0

    // MARK: §11 Regions and visits

    /// Region monitoring: the crossing rule, the limit of 20, the latency and the wake.
    public var regions = RegionProfile()
    /// The visit service: dwell, radius and latency.
    public var visits = VisitProfile()

    // MARK: §5 Authorization

    /// Whether `requestAlwaysAuthorization` from notDetermined grants provisional Always, with the
    /// second prompt at the first event that needs Always (iOS 13+). [doc][obs]
    public var grantsProvisionalAlways: Bool
    /// Whether approximate location exists (iOS 14+: `accuracyAuthorization`, the Precise Location
    /// switch). Before iOS 14 every grant is precise: the user's "precise: false", a starting
    /// reduced accuracy and a Precise Location change in Settings leave the accuracy full. [doc]
    public var hasReducedAccuracy: Bool

    // MARK: §1, §9 The debugger

    /// Whether iOS suspends the app when nothing holds it (or freezes it while the device sleeps).
    /// Off under Xcode's debugger: "Xcode's debugger prevents the system from suspending your app"
    /// (DTS thread 14855). The budget still runs and expiration handlers still run. [dts]
    public var suspendsApps: Bool
    /// Whether the watchdog terminates an app whose background tasks stay open past the
    /// handlers' allowance (0x8badf00d). Off under the debugger. [dts]
    public var watchdogEnabled: Bool

    // MARK: Mechanisms' parameters

    /// §12 BGTaskScheduler and BGContinuedProcessingTask.
    public var bgTasks = BGTaskProfile()
    /// Device conditions (§15): Low Power Mode's offer, heat, app updates.
    public var device = SimDeviceProfile()
    public var transfers = TransferProfile()  // Background URLSession transfers.
    public var resources = ResourceProfile()  // The app's own CPU and memory (§15).
    /// §14 Silent pushes, background fetch and VoIP pushes.
    public var pushes = PushProfile()
    public var locationPushes = LocationPushProfile()  // The Location Push Service Extension (§16).

    // MARK: §10 Location sessions (iOS 17/18)

    /// `CLLocationUpdate.liveUpdates` and `CLBackgroundActivitySession`: whether they exist, the
    /// diagnostics, the background cut-off, the rejoin window and the wake.
    public var liveUpdates = LiveUpdateProfile()
    /// `CLServiceSession`: whether it exists and the rejoin window.
    public var serviceSessions = ServiceSessionProfile()

    // MARK: §11 CLMonitor (iOS 17)

    /// `CLMonitor`: whether it exists, `conditionLimitExceeded`, the first state's latency.
    public var monitor = MonitorProfile()

    /// This profile with the iOS 17 location sessions and `CLMonitor`, and iOS 18's
    /// diagnostics, service sessions and `conditionLimitExceeded` if `iOS18`.
    func withLocationSessions(iOS18: Bool) -> SimProfile {
        var profile = self
        profile.liveUpdates.isAvailable = true
        profile.liveUpdates.hasDiagnostics = iOS18
        profile.serviceSessions.isAvailable = iOS18
        profile.monitor.isAvailable = true
        profile.monitor.hasConditionLimitExceeded = iOS18
        return profile
    }

    /// This profile, modelling the releases from `from` up to `until`, with what changes at its start.
    func era(_ from: SimOSVersion, until: SimOSVersion, changes: [SimEraChange]) -> SimProfile {
        var profile = self
        profile.span = SimOSVersionSpan(from: from, until: until)
        profile.changesAtStart = changes
        return profile
    }

    /// The named profile whose era holds `version` (§16: `16.3` → `ios16`, `16.4` → `ios16.4`),
    /// with the rules that change inside the era decided by `version` (``SimPointRelease``) and
    /// ``requestedOSVersion`` set; `nil` when none does (before iOS 4, 19–25, which were never
    /// released, or after the newest profile).
    public static func covering(_ version: SimOSVersion) -> SimProfile? {
        guard var profile = all.first(where: { $0.span?.contains(version) == true }) else { return nil }
        profile.requestedOSVersion = version
        for release in SimPointRelease.allCases where release.era == profile.name && version < release.version {
            release.applyBefore(to: &profile)
        }
        return profile
    }

    /// The named profile that models iOS `version`.0.
    @available(*, deprecated, message: "Use covering(_: SimOSVersion), which tells 16.4 from 16.0.")
    public static func covering(version: Int) -> SimProfile? { covering(SimOSVersion(version)) }

    /// Creates a profile; the named profiles below are the usual starting points.
    public init(
        name: String, iOSVersion: Int, backgroundTimeBudget: Double, budgetRunsWhileAsleep: Bool,
        suspensionGracePeriod: Double = 5, expirationHandlerAllowance: Double = 1,
        longTaskWarningAfter: Double = 30,
        stationaryWindows: [SimActivityType: Double] = SimProfile.defaultStationaryWindows,
        stationaryRadius: Double = 25,
        accuracyProfiles: [SimAccuracy: SimAccuracyProfile] = SimAccuracyProfile.defaults,
        deliversFixesWhenAccuracyImproves: Bool = false,
        significantChangeDistance: Double = 500, significantChangeMinimumInterval: Double = 300,
        hasBackgroundLocationFlag: Bool = true, significantChangeWakeSeconds: Double = 30,
        grantsProvisionalAlways: Bool, hasReducedAccuracy: Bool = true,
        suspendsApps: Bool = true, watchdogEnabled: Bool = true, pushes: PushProfile = PushProfile(),
        bgTasks: BGTaskProfile = BGTaskProfile()
    ) {
        self.pushes = pushes
        self.bgTasks = bgTasks
        self.hasReducedAccuracy = hasReducedAccuracy
        self.suspendsApps = suspendsApps
        self.watchdogEnabled = watchdogEnabled
        self.hasBackgroundLocationFlag = hasBackgroundLocationFlag
        self.significantChangeWakeSeconds = significantChangeWakeSeconds
        self.name = name
        self.iOSVersion = iOSVersion
        self.backgroundTimeBudget = backgroundTimeBudget
        self.budgetRunsWhileAsleep = budgetRunsWhileAsleep
        self.suspensionGracePeriod = suspensionGracePeriod
        self.expirationHandlerAllowance = expirationHandlerAllowance
        self.longTaskWarningAfter = longTaskWarningAfter
        self.stationaryWindows = stationaryWindows
        self.stationaryRadius = stationaryRadius
        self.accuracyProfiles = accuracyProfiles
        self.deliversFixesWhenAccuracyImproves = deliversFixesWhenAccuracyImproves
        self.significantChangeDistance = significantChangeDistance
        self.significantChangeMinimumInterval = significantChangeMinimumInterval
        self.grantsProvisionalAlways = grantsProvisionalAlways
    }

    /// Stationary windows per activity type: 15 min by default, 10 for fitness, 20 for navigation. [model]
    public static let defaultStationaryWindows: [SimActivityType: Double] = [
        .other: 900, .fitness: 600, .automotiveNavigation: 1200, .otherNavigation: 1200, .airborne: 1200,
    ]

    // The eras (§16), oldest first. Each starts where a rule of the model changes; what changes
    // at its start is data (`changesAtStart`, printed by `keepalive profiles` with its source).

    /// iOS 4–6: 600 s that run even while the device sleeps; no `allowsBackgroundLocationUpdates` yet.
    public static let iOS6 = SimProfile(
        name: "ios6", iOSVersion: 6, backgroundTimeBudget: 600, budgetRunsWhileAsleep: true, hasBackgroundLocationFlag: false,
        grantsProvisionalAlways: false, hasReducedAccuracy: false, pushes: .beforeIOS13, bgTasks: .beforeIOS13)
        .era(SimOSVersion(4), until: SimOSVersion(7), changes: [.budgetRunsWhileAsleep])
    /// iOS 7–8: 180 s, paused while the device sleeps; no `allowsBackgroundLocationUpdates` yet.
    /// iOS 8's authorization requests (§5) are not modelled here: this profile prompts on first use.
    /// 7.0 alone does not relaunch a force-quit app for location events (``SimPointRelease``).
    public static let iOS7 = SimProfile(
        name: "ios7", iOSVersion: 7, backgroundTimeBudget: 180, budgetRunsWhileAsleep: false, hasBackgroundLocationFlag: false,
        grantsProvisionalAlways: false, hasReducedAccuracy: false, pushes: .beforeIOS13, bgTasks: .beforeIOS13)
        .era(SimOSVersion(7), until: SimOSVersion(9), changes: [.budgetPausedWhileAsleep, .backgroundTransfers])
    /// iOS 9–10: the first with `allowsBackgroundLocationUpdates` (§3); 180 s, paused while
    /// asleep; Always needs `NSLocationAlwaysUsageDescription` alone (§5, iOS 8–10).
    public static let iOS9 = SimProfile(
        name: "ios9", iOSVersion: 9, backgroundTimeBudget: 180, budgetRunsWhileAsleep: false, grantsProvisionalAlways: false,
        hasReducedAccuracy: false, pushes: .beforeIOS13, bgTasks: .beforeIOS13)
        .era(SimOSVersion(9), until: SimOSVersion(11), changes: [.backgroundLocationFlag])
    /// iOS 11–12: as ``iOS9`` (iOS 9–12 share these numbers), and Always needs
    /// `NSLocationAlwaysAndWhenInUseUsageDescription` with When In Use's (§5, iOS 11+).
    public static let iOS12 = SimProfile(
        name: "ios12", iOSVersion: 12, backgroundTimeBudget: 180, budgetRunsWhileAsleep: false, grantsProvisionalAlways: false,
        hasReducedAccuracy: false, pushes: .beforeIOS13, bgTasks: .beforeIOS13)
        .era(SimOSVersion(11), until: SimOSVersion(13), changes: [.alwaysNeedsBothUsageStrings])
    /// iOS 13: 30 s, paused while asleep, provisional Always; no approximate location yet.
    public static let iOS13 = SimProfile(
        name: "ios13", iOSVersion: 13, backgroundTimeBudget: 30, budgetRunsWhileAsleep: false, grantsProvisionalAlways: true,
        hasReducedAccuracy: false)
        .era(SimOSVersion(13), until: SimOSVersion(14), changes: [.budgetOf30Seconds, .bgTaskScheduler, .provisionalAlways, .voipNeedsCall])
    /// iOS 14: as iOS 13, and approximate location (reduced accuracy, §5) exists.
    public static let iOS14 = SimProfile(
        name: "ios14", iOSVersion: 14, backgroundTimeBudget: 30, budgetRunsWhileAsleep: false, grantsProvisionalAlways: true)
        .era(SimOSVersion(14), until: SimOSVersion(15), changes: [.approximateLocation])
    /// iOS 15: as iOS 14, and no background launch after an app update until the user opens the
    /// app (§15, §16). 15.0–15.2 relaunch a not-running app for location events unreliably
    /// (``SimPointRelease/reliableLocationRelaunchFrom15_3``).
    public static let iOS15 = SimProfile(
        name: "ios15", iOSVersion: 15, backgroundTimeBudget: 30, budgetRunsWhileAsleep: false, grantsProvisionalAlways: true)
        .era(SimOSVersion(15), until: SimOSVersion(16), changes: [.noBackgroundLaunchAfterAppUpdate])
    /// iOS 16.0–16.3: as iOS 15 (the era ends where the hidden-indicator rule starts).
    public static let iOS16 = SimProfile(
        name: "ios16", iOSVersion: 16, backgroundTimeBudget: 30, budgetRunsWhileAsleep: false, grantsProvisionalAlways: true)
        .era(SimOSVersion(16), until: SimOSVersion(16, 4), changes: [])
    /// iOS 16.4–16.7: the hidden-indicator rule of §4 (``HiddenIndicatorRule``) starts here and
    /// holds in every later profile.
    public static let iOS16_4 = SimProfile(
        name: "ios16.4", iOSVersion: 16, backgroundTimeBudget: 30, budgetRunsWhileAsleep: false, grantsProvisionalAlways: true)
        .era(SimOSVersion(16, 4), until: SimOSVersion(17), changes: [.hiddenIndicatorRule])
    /// iOS 17: as iOS 16.4, and the location sessions and `CLMonitor` (§10, §11).
    public static let iOS17 = SimProfile(
        name: "ios17", iOSVersion: 17, backgroundTimeBudget: 30, budgetRunsWhileAsleep: false, grantsProvisionalAlways: true)
        .withLocationSessions(iOS18: false).era(SimOSVersion(17), until: SimOSVersion(18), changes: [.liveUpdatesAndMonitor])
    /// iOS 18: as iOS 17 (§10–§14 change APIs, not these numbers).
    public static let iOS18 = SimProfile(
        name: "ios18", iOSVersion: 18, backgroundTimeBudget: 30, budgetRunsWhileAsleep: false, grantsProvisionalAlways: true)
        .withLocationSessions(iOS18: true).era(SimOSVersion(18), until: SimOSVersion(19), changes: [.serviceSessions])
    /// iOS 26.0–26.3: as iOS 18, and `BGContinuedProcessingTask` (§12) exists; a force-quit app
    /// is still relaunched for location events, as on iOS 18 (reports from 26.1 and 26.2).
    public static let iOS26 = SimProfile(
        name: "ios26", iOSVersion: 26, backgroundTimeBudget: 30, budgetRunsWhileAsleep: false, grantsProvisionalAlways: true)
        .withLocationSessions(iOS18: true).with(bgTasks: .iOS26)
        .era(SimOSVersion(26), until: SimOSVersion(26, 4), changes: [.continuedProcessing])
    /// iOS 26.4 and later 26.x: as iOS 26, and location events no longer relaunch a force-quit
    /// app (§9, forum thread 826964).
    public static let iOS26_4 = SimProfile(
        name: "ios26.4", iOSVersion: 26, backgroundTimeBudget: 30, budgetRunsWhileAsleep: false, grantsProvisionalAlways: true)
        .withLocationSessions(iOS18: true).with(bgTasks: .iOS26).withoutLocationRelaunchAfterForceQuit()
        .era(SimOSVersion(26, 4), until: SimOSVersion(27), changes: [.noLocationRelaunchAfterForceQuit])
    /// iOS 17 under Xcode's debugger: never suspended, no watchdog (§1, §9). A run that survives
    /// here and not on ``iOS17`` is the "it ran forever under Xcode" of the DTS answers.
    public static let debugger = SimProfile.iOS17.underDebugger(named: "debugger")

    /// The named profiles, oldest first, then ``debugger``.
    public static let all: [SimProfile] = [
        .iOS6, .iOS7, .iOS9, .iOS12, .iOS13, .iOS14, .iOS15, .iOS16, .iOS16_4, .iOS17, .iOS18, .iOS26, .iOS26_4, .debugger,
    ]

    /// iOS 26.4 (§9): a force-quit app is relaunched neither by significant changes nor by
    /// regions, visits or CLMonitor, as a 2026 report on iOS 26.4 shows.
    func withoutLocationRelaunchAfterForceQuit() -> SimProfile {
        var profile = self
        profile.significantChangeRelaunchAfterForceQuit = false
        profile.regions.relaunchAfterForceQuit = false
        return profile
    }

    /// This profile with other BGTask parameters.
    func with(bgTasks: BGTaskProfile) -> SimProfile {
        var profile = self
        profile.bgTasks = bgTasks
        return profile
    }

    /// This profile with Xcode's debugger attached: never suspended, no watchdog; the other
    /// numbers (budget, expiration handlers) unchanged. Named `name`, or this name + "+debugger".
    public func underDebugger(named name: String? = nil) -> SimProfile {
        var profile = self
        profile.name = name ?? self.name + "+debugger"
        profile.suspendsApps = false
        profile.watchdogEnabled = false
        return profile
    }

    /// The stationary window for an activity type (15 min if the profile names none).
    public func stationaryWindow(for activity: SimActivityType) -> Double {
        stationaryWindows[activity] ?? 900
    }

    /// The accuracy profile for a setting (that of `best` if the profile names none).
    public func accuracyProfile(for accuracy: SimAccuracy) -> SimAccuracyProfile {
        accuracyProfiles[accuracy] ?? SimAccuracyProfile.defaults[accuracy] ?? SimAccuracyProfile.defaults[.best]!
    }
}

/// How fixes come for one `desiredAccuracy` setting. [model] after §3: coarse settings may turn
/// GPS off and use Wi-Fi or cell, giving fewer fixes with larger `horizontalAccuracy`.
public struct SimAccuracyProfile: Hashable, Sendable, Codable {
    /// Seconds between fixes (GPS gives at most about 1 Hz).
    public var interval: Double
    /// The range `horizontalAccuracy` is drawn from, metres.
    public var horizontalAccuracy: ClosedRange<Double>
    /// The error actually applied is drawn with this standard deviation, as a fraction of the
    /// reported accuracy, per axis.
    public var errorFraction: Double
    /// `verticalAccuracy` in metres; negative for none.
    public var verticalAccuracy: Double

    /// Creates an accuracy profile.
    public init(interval: Double, horizontalAccuracy: ClosedRange<Double>, errorFraction: Double = 0.5, verticalAccuracy: Double) {
        self.interval = interval
        self.horizontalAccuracy = horizontalAccuracy
        self.errorFraction = errorFraction
        self.verticalAccuracy = verticalAccuracy
    }

    /// The defaults per setting. [model]
    public static let defaults: [SimAccuracy: SimAccuracyProfile] = [
        .bestForNavigation: SimAccuracyProfile(interval: 1, horizontalAccuracy: 3...5, verticalAccuracy: 4),
        .best: SimAccuracyProfile(interval: 1, horizontalAccuracy: 5...10, verticalAccuracy: 6),
        .nearestTenMeters: SimAccuracyProfile(interval: 1, horizontalAccuracy: 10...15, verticalAccuracy: 10),
        .hundredMeters: SimAccuracyProfile(interval: 10, horizontalAccuracy: 30...100, verticalAccuracy: -1),
        .kilometer: SimAccuracyProfile(interval: 60, horizontalAccuracy: 300...1000, verticalAccuracy: -1),
        .threeKilometers: SimAccuracyProfile(interval: 300, horizontalAccuracy: 1000...3000, verticalAccuracy: -1),
        // Reduced accuracy: ~1–20 km off, a few fixes an hour. [doc][obs]
        .reduced: SimAccuracyProfile(interval: 900, horizontalAccuracy: 1000...20000, errorFraction: 0.5, verticalAccuracy: -1),
    ]
}
