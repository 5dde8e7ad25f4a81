import Foundation
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Scripting
import Simulation
import Testing
import TestSupport

/// Issue 22 §1: a background-location plugin's configuration imported as an app script. Each
/// option changes the script as the plugin's documentation says (Docs/Plugins.md).
@Suite struct PluginImportTests {
    private func imported(_ json: String, plugin: LocationPlugin? = nil, lenient: Bool = false) throws -> ImportedApp {
        try PluginConfig.parse(json, name: "c.json", plugin: plugin, lenient: lenient)
    }

    private func script(_ json: String, plugin: LocationPlugin? = nil) throws -> AppScript {
        try imported(json, plugin: plugin).script
    }

    /// The `set` at launch, after the authorization request.
    private func launchSettings(_ script: AppScript) -> [AppScript.ManagerSetting] {
        for case .set(let settings) in script.reactions[.launch] ?? [] { return settings }
        return []
    }

    private let arm = AppScript.Action.regions(.monitor(latitude: nil, longitude: nil, radius: 25, id: "stationary"))
    private let disarm = AppScript.Action.regions(.stopMonitoring(id: "stationary"))

    // MARK: background-geolocation, one test per option

    @Test func theDefaultsAreThePluginsDocumentedOnes() throws {
        let script = try script(#"{"desiredAccuracy": -1}"#)
        #expect(script.info.backgroundModes == [.location])
        #expect(script.reactions[.launch] == [
            .requestAlways,
            .set([.desiredAccuracy(.best), .distanceFilter(10), .activityType(.other), .allowsBackgroundLocationUpdates(true),
                  .pausesLocationUpdatesAutomatically(false), .showsBackgroundLocationIndicator(true)]),
            .startUpdates,
        ])
        #expect(script.reactions[.location] == [.namedAfter(name: "stop-detection", seconds: 300, actions: [.stopUpdates, arm])])
        #expect(script.reactions[.regionExit] == [.startUpdates, disarm])
        #expect(script.reactions[.terminate] == [.stopUpdates, disarm])
        #expect(script.reactions[.background] == nil)
        #expect(script.timers.isEmpty)
    }

    @Test func desiredAccuracyTakesThePresetsByValueOrName() throws {
        #expect(launchSettings(try script(#"{"desiredAccuracy": -2}"#)).first == .desiredAccuracy(.bestForNavigation))
        #expect(launchSettings(try script(#"{"desiredAccuracy": 100}"#)).first == .desiredAccuracy(.hundredMeters))
        #expect(launchSettings(try script(#"{"desiredAccuracy": "DesiredAccuracy.veryLow"}"#)).first == .desiredAccuracy(.kilometer))
        #expect(launchSettings(try script(#"{"desiredAccuracy": 3000}"#)).first == .desiredAccuracy(.threeKilometers))
    }

    @Test func distanceFilterIsTheManagersFilter() throws {
        #expect(launchSettings(try script(#"{"distanceFilter": 50, "stopTimeout": 5}"#))[1] == .distanceFilter(50))
    }

    @Test func stopTimeoutIsTheStopTimerInMinutes() throws {
        #expect(try script(#"{"stopTimeout": 2}"#).reactions[.location] == [.namedAfter(name: "stop-detection", seconds: 120, actions: [.stopUpdates, arm])])
    }

    @Test func stationaryRadiusIsTheGeofenceAtLeast25Metres() throws {
        let wide = AppScript.Action.regions(.monitor(latitude: nil, longitude: nil, radius: 200, id: "stationary"))
        #expect(try script(#"{"stationaryRadius": 200}"#).reactions[.location] == [.namedAfter(name: "stop-detection", seconds: 300, actions: [.stopUpdates, wide])])
        #expect(try script(#"{"stationaryRadius": 0}"#).reactions[.location] == [.namedAfter(name: "stop-detection", seconds: 300, actions: [.stopUpdates, arm])])
    }

    @Test func preventSuspendPlaysSilenceWithTheHeartbeatTimer() throws {
        let script = try script(#"{"preventSuspend": true, "heartbeatInterval": 30}"#)
        #expect(script.info.backgroundModes == [.location, .audio])
        #expect(script.reactions[.background] == [.audio(.activateSession), .audio(.play(silent: true))])
        #expect(script.timers == [AppScript.Timer(every: 30, while: .background, actions: [.log("heartbeat")])])
    }

    @Test func heartbeatIntervalAloneDoesNothingOnIOS() throws {
        let script = try script(#"{"heartbeatInterval": 30, "stopTimeout": 5}"#)
        #expect(script.timers.isEmpty)
        #expect(script.info.backgroundModes == [.location])
    }

    @Test func stopOnTerminateFalseArmsTheGeofenceThatRelaunchesTheApp() throws {
        #expect(try script(#"{"stopOnTerminate": false}"#).reactions[.terminate] == [arm])
        #expect(try script(#"{"stopOnTerminate": true}"#).reactions[.terminate] == [.stopUpdates, disarm])
    }

    @Test func startOnBootDeclaresBackgroundFetchAndUsesIt() throws {
        let app = try imported(#"{"startOnBoot": true}"#)
        #expect(app.script.info.backgroundModes == [.location, .fetch])
        // TSBackgroundFetch: the minimum interval at launch, each fetch completed (issue 34: the mode is used).
        #expect(app.script.reactions[.launch]?.last == .bgTasks(.setFetchInterval(seconds: 0)))
        #expect(app.script.reactions[.push] == [.pushes(.complete(.noData))])
        #expect(app.decisions == [.backgroundMode(.location, option: nil), .backgroundMode(.fetch, option: "startOnBoot"), .backgroundFetch,
                                  .mechanism(.stopTimer(minutes: 5))])
    }

    /// Issue 34, item 3: each decision beyond the options is stated, in the script's order.
    @Test func theDecisionsFollowTheOptions() throws {
        #expect(try imported(#"{"preventSuspend": true, "locationAuthorizationRequest": "Any"}"#).decisions == [
            .backgroundMode(.location, option: nil), .backgroundMode(.audio, option: "preventSuspend"), .anyAsWhenInUse,
            .mechanism(.stopTimer(minutes: 5)), .silentAudioKeepAlive,
        ])
        #expect(try imported(#"{"preventSuspend": true, "pausesLocationUpdatesAutomatically": false}"#).decisions == [
            .backgroundMode(.location, option: nil), .mechanism(.neverStopped), .preventSuspendIgnored,
        ])
        #expect(try imported(#"{"disableStopDetection": true}"#).decisions == [.backgroundMode(.location, option: nil), .mechanism(.iOSPause)])
        #expect(try imported(#"{"useSignificantChangesOnly": true}"#).decisions == [.backgroundMode(.location, option: nil), .mechanism(.significantChangesOnly)])
        #expect(try imported(#"{"enableBackgroundMode": true}"#).decisions == [.backgroundMode(.location, option: "enableBackgroundMode")])
        #expect(try imported(#"{"enableBackgroundMode": false}"#).decisions == [])
        #expect(try imported(#"{"allowBackgroundLocationUpdates": true}"#).decisions == [.backgroundMode(.location, option: "allowBackgroundLocationUpdates")])
    }

    @Test func useSignificantChangesOnlyRunsOnlyTheSignificantChangeService() throws {
        let script = try script(#"{"useSignificantChangesOnly": true, "distanceFilter": 50}"#)
        #expect(script.reactions[.launch] == [.requestAlways, .startSignificantChanges])
        #expect(script.reactions[.location] == nil)
        #expect(script.reactions[.terminate] == [.stopSignificantChanges])
        #expect(try self.script(#"{"useSignificantChangesOnly": true, "stopOnTerminate": false}"#).reactions[.terminate] == nil)
    }

    @Test func disableStopDetectionLeavesStoppingToIOSsPause() throws {
        let script = try script(#"{"disableStopDetection": true}"#)
        #expect(launchSettings(script)[4] == .pausesLocationUpdatesAutomatically(true))
        #expect(script.reactions[.location] == nil)
        #expect(script.reactions[.paused] == [arm])
        #expect(script.reactions[.regionExit] == [.startUpdates, disarm])
    }

    @Test func pausesLocationUpdatesAutomaticallyFalseNeverTurnsUpdatesOff() throws {
        let script = try script(#"{"pausesLocationUpdatesAutomatically": false, "preventSuspend": true}"#)
        #expect(launchSettings(script)[4] == .pausesLocationUpdatesAutomatically(false))
        #expect(script.reactions[.location] == nil)
        #expect(script.reactions[.paused] == nil)
        // "preventSuspend will no longer work either".
        #expect(script.reactions[.background] == nil)
        #expect(script.reactions[.regionExit] == nil)
    }

    @Test func locationAuthorizationRequestIsTheRequestAtLaunch() throws {
        #expect(try script(#"{"locationAuthorizationRequest": "WhenInUse"}"#).reactions[.launch]?.first == .requestWhenInUse)
        #expect(try script(#"{"locationAuthorizationRequest": "Any"}"#).reactions[.launch]?.first == .requestWhenInUse)
        #expect(try script(#"{"locationAuthorizationRequest": "Always"}"#).reactions[.launch]?.first == .requestAlways)
    }

    @Test func activityTypeTakesTheConstantsOrNames() throws {
        #expect(launchSettings(try script(#"{"activityType": 2}"#, plugin: .backgroundGeolocation))[2] == .activityType(.automotiveNavigation))
        #expect(launchSettings(try script(#"{"activityType": "fitness", "stopTimeout": 5}"#))[2] == .activityType(.fitness))
    }

    @Test func showsBackgroundLocationIndicatorIsTheManagersProperty() throws {
        #expect(launchSettings(try script(#"{"showsBackgroundLocationIndicator": false}"#))[5] == .showsBackgroundLocationIndicator(false))
    }

    @Test func version5GroupsReadAsTheFlatOptions() throws {
        let grouped = try script(#"{"geolocation": {"distanceFilter": 50, "stopTimeout": 2}, "app": {"stopOnTerminate": false}, "logger": {"debug": true}}"#)
        let flat = try script(#"{"distanceFilter": 50, "stopTimeout": 2, "stopOnTerminate": false}"#)
        #expect(grouped == flat)
    }

    // MARK: Flutter location and geolocator

    @Test func theLocationPluginsSettings() throws {
        let script = try script(#"{"accuracy": "LocationAccuracy.balanced", "interval": 5000, "distanceFilter": 0, "enableBackgroundMode": true}"#)
        #expect(script.info.backgroundModes == [.location])
        #expect(script.reactions[.launch] == [
            .requestWhenInUse,
            .set([.desiredAccuracy(.nearestTenMeters), .distanceFilter(simDistanceFilterNone), .pausesLocationUpdatesAutomatically(true),
                  .allowsBackgroundLocationUpdates(true), .showsBackgroundLocationIndicator(true)]),
            .startUpdates,
        ])
        let foreground = try self.script(#"{"accuracy": 0, "distanceFilter": 25}"#, plugin: .location)
        #expect(foreground.info.backgroundModes == [])
        #expect(launchSettings(foreground) == [.desiredAccuracy(.kilometer), .distanceFilter(25), .pausesLocationUpdatesAutomatically(true),
                                               .allowsBackgroundLocationUpdates(false), .showsBackgroundLocationIndicator(false)])
    }

    @Test func geolocatorsAppleSettings() throws {
        let script = try script(#"{"accuracy": "bestForNavigation", "distanceFilter": 5, "pauseLocationUpdatesAutomatically": true, "activityType": "ActivityType.fitness", "showBackgroundLocationIndicator": true, "allowBackgroundLocationUpdates": false}"#)
        #expect(script.info.backgroundModes == [])
        #expect(script.reactions[.launch] == [
            .requestWhenInUse,
            .set([.desiredAccuracy(.bestForNavigation), .distanceFilter(5), .pausesLocationUpdatesAutomatically(true), .activityType(.fitness),
                  .allowsBackgroundLocationUpdates(false), .showsBackgroundLocationIndicator(true)]),
            .startUpdates,
        ])
        #expect(launchSettings(try self.script(#"{"accuracy": 3}"#, plugin: .geolocator)) == [
            .desiredAccuracy(.nearestTenMeters), .distanceFilter(simDistanceFilterNone), .pausesLocationUpdatesAutomatically(false),
            .activityType(.other), .allowsBackgroundLocationUpdates(true), .showsBackgroundLocationIndicator(false),
        ])
    }

    @Test func aNamedAfterReadsAsOneTimerAndWithoutAsAsAPlainOne() throws {
        let script = try script(#"{"stopTimeout": 1}"#)
        let text = "app: {on: {location: [{after: 60, as: stop-detection, do: stop-updates}, {after: 5, do: stop-updates}]}}"
        #expect(try ScenarioFile.parse(text, name: "s.yaml").app?.reactions[.location] == [
            .namedAfter(name: "stop-detection", seconds: 60, actions: [.stopUpdates]), .after(seconds: 5, actions: [.stopUpdates]),
        ])
        #expect(script.reactions[.location]?.first?.nested == [.stopUpdates, arm])
    }

    // MARK: Round trip, warnings, errors

    @Test(arguments: [
        #"{"preventSuspend": true, "heartbeatInterval": 90.5, "stopOnTerminate": false, "startOnBoot": true, "activityType": 3, "distanceFilter": 12.25}"#,
        #"{"useSignificantChangesOnly": true, "locationAuthorizationRequest": "WhenInUse"}"#,
        #"{"disableStopDetection": true, "stationaryRadius": 150}"#,
        #"{"accuracy": "navigation", "enableBackgroundMode": true, "interval": 1000}"#,
        #"{"accuracy": "low", "pauseLocationUpdatesAutomatically": true, "distanceFilter": 0}"#,
    ])
    func theWrittenScenarioReadsBackToTheSameScript(json: String) throws {
        let app = try imported(json)
        let settings = try ScenarioFile.parse(app.scenarioText(source: "c.json"), name: "app.yaml")
        #expect(settings.app == app.script)
        #expect(settings.goal == StatedGoals([ReplayGoal.tracking.goal]))
    }

    /// A configuration's file name goes into a comment: whatever YAML reads as a line break in it
    /// (CR, LF, NEL, U+2028) cannot end the comment and add a setting.
    @Test(arguments: ["c\r\nprofile: ios6.json", "c\u{85}profile: ios6.json", "c\u{2028}profile: ios6.json", "c\rprofile: ios6.json"])
    func aFileNameCannotAddASetting(source: String) throws {
        let app = try imported(#"{"stopTimeout": 3}"#)
        let text = app.scenarioText(source: source)
        #expect(text.hasPrefix("# Imported from c  profile: ios6.json (background-geolocation)") || text.hasPrefix("# Imported from c profile: ios6.json (background-geolocation)"))
        let settings = try ScenarioFile.parse(text, name: "app.yaml")
        #expect(settings.profile == nil)
        #expect(settings.app == app.script)
    }

    /// Issue 34, item 3: an unknown key is an error (ignored, the option would keep its default).
    @Test func anUnknownKeyIsAnErrorWithDidYouMean() throws {
        #expect(throws: ReplayError.invalidSettings("c.json:2:3: unknown key 'stopOnTerminte' — did you mean 'stopOnTerminate'? background-geolocation has no such option, and ignoring it would run the app with that option's default; correct the key (Docs/Plugins.md lists the options), or give --lenient to ignore it with a warning")) {
            try imported("{\n  \"stopOnTerminte\": false,\n  \"stopTimeout\": 3\n}")
        }
        #expect(throws: ReplayError.invalidSettings("c.json:1:20: unknown key 'zzz': background-geolocation has no such option, and ignoring it would run the app with that option's default; correct the key (Docs/Plugins.md lists the options), or give --lenient to ignore it with a warning")) {
            try imported(#"{"stopTimeout": 3, "zzz": 1}"#)
        }
    }

    @Test func unknownKeysAreWarnedWithDidYouMeanAndIgnoredOnesNamedWhenLenient() throws {
        let app = try imported("{\n  \"stopTimout\": 3,\n  \"distanceFilter\": 20,\n  \"url\": \"https://x\",\n  \"debug\": true\n}", lenient: true)
        #expect(app.plugin == .backgroundGeolocation)
        #expect(app.warnings == [
            "c.json:2:3: 'stopTimout' is not an option of background-geolocation; did you mean 'stopTimeout'?; ignored",
            "c.json: ignored (nothing the model has): url, debug",
        ])
    }

    @Test func badInputIsAnErrorWithItsLineAndColumn() throws {
        #expect(throws: ReplayError.invalidSettings("c.json:3:18: 'stopTimeout' -1.0 is not a number of minutes (0…52596000 min: 100 years)")) {
            try imported("{\n  \"distanceFilter\": 10,\n  \"stopTimeout\": -1\n}")
        }
        #expect(throws: ReplayError.invalidSettings("c.json:1:21: 'desiredAccuracy' 5 is not a desiredAccuracy (-2 or Navigation, -1 or High, 10 or Medium, 100 or Low, 1000 or VeryLow, 3000 or Lowest)")) {
            try imported(#"{"desiredAccuracy": 5}"#)
        }
        #expect(throws: ReplayError.invalidSettings("c.json:1:38: 'preventSuspend' must be true or false")) {
            try imported(#"{"stopTimeout": 1, "preventSuspend": "yes please"}"#)
        }
        #expect(throws: ReplayError.invalidSettings("c.json:2:14: not valid JSON: did not find expected ',' or '}'")) {
            try imported("{\"distanceFilter\": 10\n\"stopTimeout\": 5}")
        }
        // `activityType` is both Transistor's and geolocator's: the file must say which.
        #expect(throws: ReplayError.invalidSettings("c.json: cannot tell which plugin this configures from its keys; give --plugin (background-geolocation, location, geolocator)")) {
            try imported(#"{"activityType": 2}"#)
        }
        #expect(throws: ReplayError.invalidSettings("c.json: cannot tell which plugin this configures from its keys; give --plugin (background-geolocation, location, geolocator)")) {
            try imported(#"{"accuracy": "high", "distanceFilter": 10}"#)
        }
    }

    /// Issue 33: a 5.x group that is no object was "not an option"; it is now what it is.
    @Test func aGroupOfTheWrongTypeSaysItIsAGroup() throws {
        #expect(throws: ReplayError.invalidSettings(#"c.json:1:17: 'geolocation' is a group of Config's options (5.x), so it must be an object ({"distanceFilter": …}), not a number (5); write its options inside braces, or flat at the top (4.x)"#)) {
            try imported(#"{"geolocation": 5, "stopTimeout": 1}"#)
        }
        #expect(throws: ReplayError.invalidSettings(#"c.json:1:27: 'app' is a group of Config's options (5.x), so it must be an object ({"stopOnTerminate": …}), not an array; write its options inside braces, or flat at the top (4.x)"#)) {
            try imported(#"{"stopTimeout": 1, "app": [true]}"#)
        }
        // JSON null, as a Dart config writes an unset group, leaves the defaults.
        #expect(try imported(#"{"activity": null, "stopTimeout": 2}"#).plugin == .backgroundGeolocation)
    }

    /// Issue 33: UTF-16 or a raw control byte had no line and column.
    @Test func aControlCharacterOrUTF16HasItsPlace() throws {
        #expect(throws: ReplayError.invalidSettings("c.json:2:14: control character U+001B, which YAML and JSON do not allow in a file; remove it, or write it as \\u001B in a double-quoted string")) {
            try imported("{\"stopTimeout\": 1,\n \"debug\": \"on\u{1B}\"}")
        }
        let utf16 = Data("{\"stopTimeout\": 1}".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-plugin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("c.json").path
        try utf16.write(to: URL(fileURLWithPath: path))
        #expect(throws: ReplayError.invalidSettings("\(path):1:2: a NUL character, as UTF-16 text has; save the file as UTF-8")) {
            try PluginConfig.read(contentsOf: path)
        }
        // With a byte order mark, it is not UTF-8 at all.
        try (Data([0xFF, 0xFE]) + utf16).write(to: URL(fileURLWithPath: path))
        #expect(throws: ReplayError.invalidSettings("\(path):1:1: not UTF-8 text (byte 0xFF); save the configuration as UTF-8")) {
            try PluginConfig.read(contentsOf: path)
        }
    }

    /// Issue 33: keys and values from the file are escaped in warnings and errors.
    @Test func aLineBreakInAKeyOrValueIsEscaped() throws {
        let app = try imported("{\"stopTimeout\": 1, \"x\\nwarning: y\": 2, \"debug\": true}", lenient: true)
        #expect(app.warnings == ["c.json:1:20: 'x\\u{A}warning: y' is not an option of background-geolocation; ignored", "c.json: ignored (nothing the model has): debug"])
        #expect(throws: ReplayError.invalidSettings("c.json:1:21: 'desiredAccuracy' hi\\u{A}gh is not a desiredAccuracy (-2 or Navigation, -1 or High, 10 or Medium, 100 or Low, 1000 or VeryLow, 3000 or Lowest)")) {
            try imported(#"{"desiredAccuracy": "hi\ngh"}"#)
        }
    }
}
