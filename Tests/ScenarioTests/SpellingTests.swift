import Testing
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Scripting
import Simulation

/// Issue 18 D: Apple's Info.plist names under `info`, and camelCase, kebab-case and snake_case
/// alike for every key and action word of scenario, script and matrix files.
@Suite struct SpellingTests {
    @Test func aWordSpellsTheOneNameItEqualsWithoutCaseDashesAndUnderscores() {
        #expect(Suggestion.spelled("distance-filter", among: ["distanceFilter", "profile"]) == "distanceFilter")
        #expect(Suggestion.spelled("distance_filter", among: ["distanceFilter"]) == "distanceFilter")
        #expect(Suggestion.spelled("DistanceFilter", among: ["distanceFilter"]) == "distanceFilter")
        #expect(Suggestion.spelled("startUpdates", among: ["start-updates", "stop-updates"]) == "start-updates")
        #expect(Suggestion.spelled("distanceFiltr", among: ["distanceFilter"]) == nil)  // a typo is not a spelling
        #expect(Suggestion.spelled("ab", among: ["a-b", "aB"]) == nil)  // two names it spells: neither
        #expect(Suggestion.spelled("a-b", among: ["a-b", "aB"]) == "a-b")  // but a name as written is itself
    }

    /// Every list of names a reader matches spells each of its names one way only.
    @Test func noTwoDeclaredNamesFoldAlike() {
        var lists: [[String]] = ScenarioBlock.allCases.map { $0.keys + $0.aliases.keys }
        lists += [AppScriptReader.actionNames, ScenarioFile.verbs, MatrixFile.keys, MatrixFile.runKeys]
        lists += [SimProfile.settingNames, KeepAlivePolicy.settingNames, SimBackgroundMode.settingNames, ReplayAccuracy.settingNames,
                  ReplayActivityType.settingNames, ReplayAuthorization.settingNames, ReplayGoal.settingNames]
        for names in lists {
            #expect(Set(names.map(Suggestion.folded)).count == Set(names).count, "\(names)")
        }
    }

    private static let camel = """
        distanceFilter: 50
        enterBackgroundAt: 90
        goal: {tracking: {maxGapSeconds: 600, maxGapMetres: 1000}}
        events: [{at: 300, do: memoryPressure}]
        app:
          info: {backgroundModes: [location, remoteNotification], whenInUseUsage: true, bgTaskIdentifiers: [a]}
          on:
            launch: [requestAlways, {set: {allowsBackgroundLocationUpdates: true, distanceFilter: none}}, startUpdates]
            regionExit: [startSignificantChanges]
            background: [{beginTask: {name: nav, as: t, onExpiry: [{endTask: t}]}}, {registerTask: {id: a, onExpiry: []}}]
          timers: [{every: 60, while: background, do: [stopUpdates]}]
        """

    @Test(arguments: [
        """
        distance-filter: 50
        enter-background-at: 90
        goal: {tracking: {max-gap-seconds: 600, max-gap-metres: 1000}}
        events: [{at: 300, do: memory-pressure}]
        app:
          info: {background-modes: [location, remote-notification], when-in-use-usage: true, bg-task-identifiers: [a]}
          on:
            launch: [request-always, {set: {allows-background-location-updates: true, distance-filter: none}}, start-updates]
            region-exit: [start-significant-changes]
            background: [{begin-task: {name: nav, as: t, on-expiry: [{end-task: t}]}}, {register-task: {id: a, on-expiry: []}}]
          timers: [{every: 60, while: background, do: [stop-updates]}]
        """,
        """
        distance_filter: 50
        Enter_Background_At: 90
        goal: {tracking: {max_gap_seconds: 600, max_gap_metres: 1000}}
        events: [{at: 300, do: memory_pressure}]
        app:
          Info: {background_modes: [location, remote_notification], when_in_use_usage: true, bg_task_identifiers: [a]}
          on:
            launch: [request_always, {set: {allows_background_location_updates: true, distance_filter: none}}, start_updates]
            region_exit: [start_significant_changes]
            background: [{begin_task: {name: nav, as: t, on_expiry: [{end_task: t}]}}, {register_task: {id: a, on_expiry: []}}]
          timers: [{every: 60, while: Background, do: [stop_updates]}]
        """,
    ])
    func kebabAndSnakeCaseReadAsCamelCase(text: String) throws {
        let camel = try ScenarioFile.parse(Self.camel, name: "s.yaml")
        #expect(try ScenarioFile.parse(text, name: "s.yaml") == camel)
        #expect(camel.distanceFilter == .meters(50))
        #expect(camel.events == [SimScenarioEvent(at: 300, .memoryPressure)])
        #expect(camel.app?.reactions[.launch]?.count == 3)
    }

    @Test func applesInfoPlistNamesReadAsTheScriptsKeys() throws {
        let apple = try ScenarioFile.parse("""
            app:
              info:
                UIBackgroundModes: [location, fetch]
                NSLocationWhenInUseUsageDescription: Shows where you are.
                NSLocationAlwaysAndWhenInUseUsageDescription: Records your trips.
                NSLocationAlwaysUsageDescription: Records your trips.
                BGTaskSchedulerPermittedIdentifiers: [com.example.refresh]
                NSLocationRequireExplicitServiceSession: true
            """, name: "s.yaml")
        var info = SimCapabilities(backgroundModes: [.location, .fetch], whenInUseUsageDescription: "Shows where you are.",
                                   alwaysAndWhenInUseUsageDescription: "Records your trips.")
        info.permittedBackgroundTaskIdentifiers = ["com.example.refresh"]
        info.requiresExplicitServiceSession = true
        #expect(apple.app?.info == info)
        // The script's own keys declare the same Info.plist, with the navigation app's texts.
        let own = try ScenarioFile.parse("""
            app: {info: {backgroundModes: [location, fetch], whenInUseUsage: true, alwaysUsage: true,
                         bgTaskIdentifiers: [com.example.refresh], requireExplicitServiceSession: true}}
            """, name: "s.yaml")
        let described = SimCapabilities()
        info.whenInUseUsageDescription = described.whenInUseUsageDescription
        info.alwaysAndWhenInUseUsageDescription = described.alwaysAndWhenInUseUsageDescription
        #expect(own.app?.info == info)
        // iOS 8–10's Always key alone declares the model's one Always string.
        let old = try ScenarioFile.parse("app: {info: {NSLocationAlwaysUsageDescription: Records your trips.}}", name: "s.yaml")
        #expect(old.app?.info.declares(.locationAlways) == true)
        #expect(old.app?.info.declares(.locationWhenInUse) == false)
    }

    @Test(arguments: [
        ("app: {info: {backgroundModes: [location], UIBackgroundModes: [fetch]}}",
         "s.yaml:1:43: 'UIBackgroundModes' and 'backgroundModes' are one key written two ways: give it once"),
        ("app: {info: {NSLocationAlwaysUsageDescription: x, alwaysUsage: true}}",
         "s.yaml:1:51: 'alwaysUsage' and 'NSLocationAlwaysUsageDescription' are one key written two ways: give it once"),
        ("distanceFilter: 5\ndistance-filter: 5\n",
         "s.yaml:2:1: 'distance-filter' and 'distanceFilter' are one key written two ways: give it once"),
        ("app: {on: {launch: [{set: {distanceFilter: 5, distance_filter: 6}}]}}",
         "s.yaml:1:47: 'distance_filter' and 'distanceFilter' are one key written two ways: give it once"),
        ("app: {info: {NSLocationWhenInUseUsageDescription: ''}}",
         "s.yaml:1:51: 'NSLocationWhenInUseUsageDescription' must be the text the prompt shows (any text declares it)"),
        ("app: {info: {UIBackgroundModes: [gps]}}",
         "s.yaml:1:34: 'UIBackgroundModes' 'gps' is not a background mode (location, fetch, processing, remote-notification, voip, audio, bluetooth-central, bluetooth-peripheral, external-accessory)"),
        ("app: {info: {UIBackgroundMode: [location]}}",
         "s.yaml:1:14: 'UIBackgroundMode' is not a field of 'info'; did you mean 'UIBackgroundModes'? (backgroundModes, whenInUseUsage, alwaysUsage, bgTaskIdentifiers, requireExplicitServiceSession, locationPushEntitlement, from)"),
        ("UIBackgroundModes: [location]\n",
         "s.yaml:1:1: 'UIBackgroundModes' is not a scenario setting: it belongs under 'app: info'"),
    ])
    func twoSpellingsOfOneKeyAreAnErrorNamingBoth(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }

    @Test func matrixKeysAreSpelledAsScenarioKeys() throws {
        let matrix = try MatrixFile.parse("Tracks: [a.gpx]\nPROFILES: [ios13]\nruns: [{Name: a, settings: {distance-filter: 5}}]\n", name: "m.yaml")
        #expect(matrix.profiles.map(\.name) == ["ios13"])
        #expect(matrix.runs.map(\.name) == ["a"])
        #expect(matrix.runs[0].settings.distanceFilter == .meters(5))
        #expect(throws: MatrixError("m.yaml:2:1: 'Tracks' and 'tracks' are one key written two ways: give it once", kind: .usage)) {
            try MatrixFile.parse("tracks: [a.gpx]\nTracks: [b.gpx]\nruns: [{}]\n", name: "m.yaml")
        }
        #expect(throws: MatrixError("m.yaml:2:20: 'Profile' is set by the matrix's 'profiles' list, not by a run", kind: .usage)) {
            try MatrixFile.parse("tracks: [a.gpx]\nruns: [{settings: {Profile: ios13}}]\n", name: "m.yaml")
        }
    }
}
