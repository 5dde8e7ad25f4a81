import Foundation
import Scenario
import Scripting
import Simulation
import Testing
import TestSupport

/// Settings changed by `change`, for test arguments.
private func with(_ change: (inout ReplaySettings) -> Void) -> ReplaySettings {
    var settings = ReplaySettings()
    change(&settings)
    return settings
}

@Suite struct ReplaySettingsTests {
    @Test func defaultsAreTheCommonNavigationApp() throws {
        let replay = try ReplaySettings().resolved()
        #expect(replay.profile == .iOS17)
        #expect(replay.policy == .session)
        #expect(replay.app == NavigationApp.script)
        #expect(replay.capabilities.backgroundModes == [.location])
        #expect(replay.initialAuthorization == .notDetermined)
        #expect(replay.accuracyAuthorization == .fullAccuracy)
        #expect(replay.locationServicesEnabled)
        #expect(replay.timeline == [SimScenarioEvent(at: 60, .enterBackground)])
        #expect(replay.untimedSpeed == 13.9)
        #expect(replay.seed == 0)
        #expect(!replay.lenient)
    }

    @Test func everySettingReachesTheRun() throws {
        var settings = ReplaySettings()
        settings.profile = .iOS7
        settings.budget = 40
        settings.policy = .delivery
        settings.distanceFilter = .meters(25)
        settings.accuracy = .hundredMeters
        settings.backgroundLocation = false
        settings.backgroundModes = [.location, .fetch]
        settings.pausesAutomatically = false
        settings.activityType = .fitness
        settings.authorization = .whenInUse
        settings.servicesOff = true
        settings.revokeAt = 300
        settings.leakBackgroundTask = true
        settings.enterBackgroundAt = 10
        settings.lockAt = 20
        settings.speed = 5
        settings.seed = 9
        settings.lenient = true
        let replay = try settings.resolved()
        #expect(replay.profile.backgroundTimeBudget == 40)
        #expect(replay.profile.name == "ios7+budget")
        #expect(!replay.profile.budgetRunsWhileAsleep)
        #expect(replay.policy == .delivery)
        // A When In Use navigation app does not ask for Always.
        var expected = NavigationApp.script.applying([
            .requestWhenInUse, .neverEndTasks, .set(.distanceFilter(25)), .set(.desiredAccuracy(.hundredMeters)),
            .set(.allowsBackgroundLocationUpdates(false)), .set(.pausesLocationUpdatesAutomatically(false)), .set(.activityType(.fitness)),
        ])
        expected.info.backgroundModes = [.location, .fetch]
        #expect(replay.app == expected)
        let outline = AppScriptOutline(replay.app)
        #expect(outline.request == .whenInUse)
        #expect(outline.distanceFilter == 25)
        #expect(outline.desiredAccuracy == .hundredMeters)
        #expect(!outline.allowsBackgroundLocationUpdates)
        #expect(!outline.pausesLocationUpdatesAutomatically)
        #expect(outline.activityType == .fitness)
        #expect(outline.taskHabit == .neverEnded)
        #expect(replay.capabilities.backgroundModes == [.location, .fetch])
        #expect(replay.initialAuthorization == .authorizedWhenInUse)
        #expect(!replay.locationServicesEnabled)
        #expect(replay.timeline == [
            SimScenarioEvent(at: 10, .enterBackground), SimScenarioEvent(at: 20, .lock),
            SimScenarioEvent(at: 300, .setAuthorization(.denied)),
        ])
        #expect(replay.untimedSpeed == 5)
        #expect(replay.seed == 9)
        #expect(replay.lenient)
    }

    @Test func reducedAccuracyIsAnAuthorization() throws {
        var settings = ReplaySettings()
        settings.accuracy = .reduced
        let replay = try settings.resolved()
        #expect(replay.accuracyAuthorization == .reducedAccuracy)
        #expect(replay.app == NavigationApp.script)
    }

    @Test(arguments: [
        (with { s in s.$profile = Setting(text: "ios99") }, "--profile: 'ios99' is an iOS version no profile covers (ios6: iOS 4–6, ios7: iOS 7–8, ios9: iOS 9–10, ios12: iOS 11–12, ios13: iOS 13, ios14: iOS 14, ios15: iOS 15, ios16: iOS 16.0–16.3, ios16.4: iOS 16.4–16.x, ios17: iOS 17, ios18: iOS 18, ios26: iOS 26.0–26.3, ios26.4: iOS 26.4–26.x)"),
        (with { s in s.budget = 0 }, "--budget: 0.0 is not a positive duration (1e-09…3155760000 s: 100 years)"),
        (with { s in s.$accuracy = Setting(text: "5m") }, "--accuracy: '5m' is not one of best-for-navigation, best, 10m, 100m, 1km, 3km, reduced"),
        (with { s in s.$activityType = Setting(text: "walking") }, "--activity-type: 'walking' is not one of other, automotive-navigation, fitness, other-navigation, airborne"),
        (with { s in s.$authorization = Setting(text: "sometimes") }, "--authorization: 'sometimes' is not one of always, when-in-use, denied, restricted, not-determined"),
        (with { s in s.$backgroundModes = Setting(text: "location,gps") }, "--background-modes: 'gps' is not a background mode (location, fetch, processing, remote-notification, voip, audio, bluetooth-central, bluetooth-peripheral, external-accessory)"),
        (with { s in s.distanceFilter = .meters(-5) }, "--distance-filter: -5.0 is not a distance (0…40075017 m, the Earth's circumference), or 'none'"),
        (with { s in s.backgroundTask = false; s.leakBackgroundTask = true }, "--leak-background-task: there is no background task to leak with --no-background-task"),
        (with { s in s.lockAt = -1 }, "--lock-at: -1.0 is not a time from the start (0…3155760000 s: 100 years)"),
        (with { s in s.speed = 0 }, "--speed: 0.0 is not a speed (above 0, up to 299792458 m/s, the speed of light)"),
        (with { s in s.enterBackgroundAt = 1e10 }, "--enter-background-at: 10000000000.0 is not a time from the start (0…3155760000 s: 100 years)"),
        (with { s in s.lockAt = 1e308 }, "--lock-at: 1e+308 is not a time from the start (0…3155760000 s: 100 years)"),
        (with { s in s.revokeAt = 1e12 }, "--revoke-at: 1000000000000.0 is not a time from the start (0…3155760000 s: 100 years)"),
        (with { s in s.revokeAt = .nan }, "--revoke-at: nan is not a time from the start (0…3155760000 s: 100 years)"),
        (with { s in s.budget = 1e18 }, "--budget: 1e+18 is not a positive duration (1e-09…3155760000 s: 100 years)"),
        (with { s in s.budget = 1e308 }, "--budget: 1e+308 is not a positive duration (1e-09…3155760000 s: 100 years)"),
        (with { s in s.distanceFilter = .meters(1e18) }, "--distance-filter: 1e+18 is not a distance (0…40075017 m, the Earth's circumference), or 'none'"),
        (with { s in s.distanceFilter = .meters(1e308) }, "--distance-filter: 1e+308 is not a distance (0…40075017 m, the Earth's circumference), or 'none'"),
        (with { s in s.speed = 1e300 }, "--speed: 1e+300 is not a speed (above 0, up to 299792458 m/s, the speed of light)"),
        (with { s in s.events = [SimScenarioEvent(at: 1e10, .lock)] }, "scenario: an event's 'at': 10000000000.0 is not a time from the start (0…3155760000 s: 100 years)"),
    ])
    func impossibleSettingsNameTheirOption(settings: ReplaySettings, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try settings.resolved() }
    }

    @Test func theLimitsThemselvesAreValid() throws {
        var settings = ReplaySettings()
        settings.budget = 3_155_760_000
        settings.lockAt = 3_155_760_000
        settings.distanceFilter = .meters(40_075_017)
        settings.speed = 299_792_458
        settings.seed = .max
        let replay = try settings.resolved()
        #expect(replay.profile.backgroundTimeBudget == 3_155_760_000)
        #expect(replay.untimedSpeed == 299_792_458)
        #expect(replay.seed == 18_446_744_073_709_551_615)
        settings.speed = 1e-9  // valid: whether the trip then fits in 100 years depends on the track
        #expect(try settings.resolved().untimedSpeed == 1e-9)
    }

    @Test func theCommandLineOverridesTheFile() throws {
        var file = ReplaySettings()
        file.profile = .iOS6
        file.seed = 3
        file.events = [SimScenarioEvent(at: 5, .lock)]
        var commandLine = ReplaySettings()
        commandLine.seed = 4
        let merged = file.overridden(by: commandLine)
        #expect(merged.profile == .iOS6)
        #expect(merged.seed == 4)
        #expect(merged.events == [SimScenarioEvent(at: 5, .lock)])
    }
}

/// The settings' one declaration: keys, options and values written as text.
@Suite struct ReplaySettingTests {
    @Test func optionsAreTheKeysInKebabCase() {
        #expect(ReplaySettings.setting(\.$leakBackgroundTask).key == "leakBackgroundTask")
        #expect(ReplaySettings.setting(\.$leakBackgroundTask).option == "--leak-background-task")
        #expect(ReplaySettings.setting(\.$backgroundTask).negatedOption == "--no-background-task")
        #expect(Set(ReplaySettings.all.map(\.key)).count == ReplaySettings.all.count)
    }

    @Test func aNameThatIsNoValueWaitsForResolvingAndALaterSourceReplacesIt() throws {
        let file = try ScenarioFile.parse("accuracy: 5m", name: "s.yaml")
        #expect(file.accuracy == nil)
        #expect(file.$accuracy.problem == "'5m' is not one of best-for-navigation, best, 10m, 100m, 1km, 3km, reduced")
        var option = ReplaySettings()
        option.accuracy = .hundredMeters
        #expect(try file.overridden(by: option).resolved().app == NavigationApp.script.applying([.set(.desiredAccuracy(.hundredMeters))]))
        #expect(throws: ReplayError.invalidSettings("--accuracy: '5m' is not one of best-for-navigation, best, 10m, 100m, 1km, 3km, reduced")) {
            try option.overridden(by: file).resolved()
        }
    }

    @available(*, deprecated)
    @Test func optionValuesAreSetByKey() {
        var settings = ReplaySettings()
        let taken = [
            settings.set("lockAt", option: Double?(120) as Any),
            settings.set("seed", option: UInt64?.none as Any),
            settings.set("backgroundModes", option: Setting<[SimBackgroundMode]>(text: "location, fetch,")),
            settings.set("distanceFilter", option: Setting<DistanceFilter>(text: DistanceFilter.noneText)),
            settings.set("lockAt", option: "120"),
            settings.set("lock-at", option: Double?(120) as Any),
        ]
        #expect(taken == [true, true, true, true, false, false])
        #expect(settings.lockAt == 120)
        #expect(settings.seed == nil)
        #expect(settings.backgroundModes == [.location, .fetch])
        #expect(settings.distanceFilter == DistanceFilter.none)
    }
}

@Suite struct NavigationAppTests {
    @Test func theShippedScriptIsTheOneReplaysRun() throws {
        let path = Shipped.script("navigation-app")
        #expect(try ScenarioFile.read(contentsOf: path).app == NavigationApp.script)
    }

    /// Issue 17 §5: `--accuracy reduced` from notDetermined is the user's answer at the prompt
    /// (Precise off), not only a starting state the prompt then overwrote: the commute gets
    /// approximate fixes, one every 900 s, so the first alone (749 at 1 Hz before the fix).
    @MainActor @Test func reducedAccuracyIsTheAnswerAtThePromptToo() throws {
        var settings = ReplaySettings()
        settings.accuracy = .reduced
        let outcome = try ReplayRun(track: Shipped.track("city-commute.gpx"), settings: settings.resolved()).run()
        #expect(outcome.settings.initialAuthorization == .notDetermined)
        #expect(outcome.result.summary.deliveredUpdates == 1)
        #expect(outcome.result.events.contains { $0.detail == .locationStart(.standardUpdates, accuracy: .reduced, distanceFilter: nil) })
    }
}
