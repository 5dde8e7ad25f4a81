@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Scripting
import Simulation
import Testing
import TestSupport

@Suite struct AppScriptReaderTests {
    /// The script of `text`, a whole scenario file.

    /// An Info.plist without any of the keys a script may give.
    private static let emptyInfo = SimCapabilities(backgroundModes: [], whenInUseUsageDescription: nil, alwaysAndWhenInUseUsageDescription: nil)

    @Test func theExampleOfTheDocsIsReadExactly() throws {
        let text = """
            app:
              info:
                backgroundModes: [location]
                whenInUseUsage: true
                alwaysUsage: true
              on:
                launch:       [request-always, {set: {distanceFilter: 50, allowsBackgroundLocationUpdates: true}}, start-updates]
                background:   [{begin-task: {name: nav, as: task, onExpiry: [{end-task: task}, {begin-task: {name: nav, as: task}}]}}]
                foreground:   [{end-task: task}]
                paused:       [start-significant-changes]
                denied:       [stop-updates]
                authorization: [{if: authorized, do: [start-updates], else: [{log: "no location"}]}]
              timers:
                - every: 60
                  while: background
                  do: [start-updates, {after: 1, do: [stop-updates]}]
            """
        let expected = AppScript(
            // Both usage strings present, with the navigation app's texts: its Info.plist exactly.
            info: SimCapabilities(),
            reactions: [
                .launch: [.requestAlways, .set([.distanceFilter(50), .allowsBackgroundLocationUpdates(true)]), .startUpdates],
                .background: [.beginTask(name: "nav", variable: "task", onExpiry: [
                    .endTask(variable: "task"), .beginTask(name: "nav", variable: "task", onExpiry: []),
                ])],
                .foreground: [.endTask(variable: "task")],
                .paused: [.startSignificantChanges],
                .denied: [.stopUpdates],
                .authorization: [.when(.authorized, actions: [.startUpdates], otherwise: [.log("no location")])],
            ],
            timers: [AppScript.Timer(every: 60, while: .background, actions: [.startUpdates, .after(seconds: 1, actions: [.stopUpdates])])])
        #expect(try script(text) == expected)
        #expect(SimCapabilities() == SimCapabilities(
            backgroundModes: [.location], whenInUseUsageDescription: "Shows your position on the map and guides you.",
            alwaysAndWhenInUseUsageDescription: "Keeps guiding you while the screen is off."))
    }

    @Test func theJSONFormIsTheSame() throws {
        let json = """
            {"app": {"info": {"backgroundModes": ["location", "fetch"]},
                     "on": {"launch": ["request-when-in-use", {"begin-task": {"as": "t"}}], "background": {"end-task": "t"}},
                     "timers": [{"every": 30, "do": "request-location"}]}}
            """
        #expect(try ScenarioFile.parse(json, name: "s.json").app == AppScript(
            info: SimCapabilities(backgroundModes: [.location, .fetch], whenInUseUsageDescription: nil, alwaysAndWhenInUseUsageDescription: nil),
            reactions: [
                .launch: [.requestWhenInUse, .beginTask(name: nil, variable: "t", onExpiry: [])],
                .background: [.endTask(variable: "t")],
            ],
            timers: [AppScript.Timer(every: 30, while: .always, actions: [.requestLocation])]))
    }

    @Test func aScenarioWithoutAppHasNoScriptAndAnAppKeepsTheOtherSettings() throws {
        #expect(try script("profile: ios13") == nil)
        let settings = try ScenarioFile.parse("profile: ios13\napp: {}\nevents: [{at: 1, do: lock}]", name: "s.yaml")
        #expect(settings.profile == .iOS13)
        #expect(settings.app == AppScript(info: Self.emptyInfo))
        #expect(settings.events == [SimScenarioEvent(at: 1, .lock)])
    }

    @Test func absentInfoKeysDeclareNothing() throws {
        #expect(try script("app: {on: {launch: start-updates}}")?.info == Self.emptyInfo)
        #expect(try script("app: {info: {}}")?.info == Self.emptyInfo)
        #expect(try script("app: {info: {whenInUseUsage: true, alwaysUsage: false, backgroundModes: []}}")?.info == SimCapabilities(
            backgroundModes: [], whenInUseUsageDescription: "Shows your position on the map and guides you.",
            alwaysAndWhenInUseUsageDescription: nil))
        let modes = SimBackgroundMode.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(try script("app: {info: {backgroundModes: [\(modes)]}}")?.info.backgroundModes == Set(SimBackgroundMode.allCases))
    }

    @Test(arguments: AppScript.Trigger.allCases)
    func everyTriggerIsReadByItsName(trigger: AppScript.Trigger) throws {
        #expect(try script("app:\n  on:\n    \(trigger.rawValue): [start-updates, stop-updates]")?.reactions == [trigger: [.startUpdates, .stopUpdates]])
        // One action on its own stands for a list of one.
        #expect(try script("app:\n  on:\n    \(trigger.rawValue): request-location")?.reactions == [trigger: [.requestLocation]])
    }

    @Test(arguments: [
        ("request-always", AppScript.Action.requestAlways),
        ("request-when-in-use", .requestWhenInUse),
        ("start-updates", .startUpdates),
        ("stop-updates", .stopUpdates),
        ("request-location", .requestLocation),
        ("start-significant-changes", .startSignificantChanges),
        ("stop-significant-changes", .stopSignificantChanges),
        ("begin-task", .beginTask(name: nil, variable: nil, onExpiry: [])),
        ("{begin-task: }", .beginTask(name: nil, variable: nil, onExpiry: [])),
        ("{begin-task: {}}", .beginTask(name: nil, variable: nil, onExpiry: [])),
        ("{begin-task: {name: upload}}", .beginTask(name: "upload", variable: nil, onExpiry: [])),
        ("{begin-task: {onExpiry: stop-updates}}", .beginTask(name: nil, variable: nil, onExpiry: [.stopUpdates])),
        ("{begin-task: {as: t, name: n, onExpiry: [{end-task: t}]}}", .beginTask(name: "n", variable: "t", onExpiry: [.endTask(variable: "t")])),
        ("{begin-task: {as: t}}", .beginTask(name: nil, variable: "t", onExpiry: [])),
        ("{set: {}}", .set([])),
        ("{log: 'still here: 1'}", .log("still here: 1")),
        ("{after: 0, do: stop-updates}", .after(seconds: 0, actions: [.stopUpdates])),
        ("{do: [stop-updates, request-location], after: 2.5}", .after(seconds: 2.5, actions: [.stopUpdates, .requestLocation])),
        ("{if: updating, do: stop-updates}", .when(.updating, actions: [.stopUpdates], otherwise: [])),
        ("{if: denied, do: [], else: [request-always]}", .when(.denied, actions: [], otherwise: [.requestAlways])),
        ("{if: updating, else: start-updates}", .when(.updating, actions: [], otherwise: [.startUpdates])),
        // MARK: Location sessions (§10)
        ("start-live-updates", .liveUpdates(.start(.default))),
        ("{start-live-updates: automotiveNavigation}", .liveUpdates(.start(.automotiveNavigation))),
        ("{start-live-updates: fitness}", .liveUpdates(.start(.fitness))),
        ("stop-live-updates", .liveUpdates(.stop)),
        ("begin-background-activity-session", .liveUpdates(.beginSession)),
        ("invalidate-background-activity-session", .liveUpdates(.invalidateSession)),
        ("{if: stationary, do: stop-live-updates}", .when(.stationary, actions: [.liveUpdates(.stop)], otherwise: [])),
        ("{if: diagnostic, do: stop-live-updates}", .when(.diagnostic, actions: [.liveUpdates(.stop)], otherwise: [])),
        ("{begin-service-session: always}", .serviceSessions(.begin(.always))),
        ("{begin-service-session: {requirement: whenInUse}}", .serviceSessions(.begin(.whenInUse))),
        ("{begin-service-session: none}", .serviceSessions(.begin(.none))),
        ("invalidate-service-session", .serviceSessions(.invalidate(nil))),
        ("{invalidate-service-session: always}", .serviceSessions(.invalidate(.always))),
    ])
    func everyActionFormIsRead(text: String, action: AppScript.Action) throws {
        #expect(try script("app:\n  on:\n    launch: [\(text)]")?.reactions == [.launch: [action]])
    }

    @Test func endTaskNamesAVariableStoredAnywhereEvenLaterOrDeeper() throws {
        let text = """
            app:
              on:
                foreground: {end-task: late}
                launch: {if: authorized, do: [], else: [{begin-task: {onExpiry: {begin-task: {as: late}}}}]}
            """
        #expect(try script(text)?.reactions[.foreground] == [.endTask(variable: "late")])
        #expect(try script(text)?.variables == ["late"])
    }

    @Test(arguments: AppScript.Condition.allCases)
    func everyConditionIsReadByItsName(condition: AppScript.Condition) throws {
        #expect(try script("app: {on: {location: {if: \(condition.rawValue), do: stop-updates}}}")?.reactions
            == [.location: [.when(condition, actions: [.stopUpdates], otherwise: [])]])
    }

    @Test(arguments: [
        ("distanceFilter: 0", AppScript.ManagerSetting.distanceFilter(0)),
        ("distanceFilter: 12.5", .distanceFilter(12.5)),
        ("distanceFilter: none", .distanceFilter(simDistanceFilterNone)),
        ("allowsBackgroundLocationUpdates: false", .allowsBackgroundLocationUpdates(false)),
        ("pausesLocationUpdatesAutomatically: true", .pausesLocationUpdatesAutomatically(true)),
        ("showsBackgroundLocationIndicator: true", .showsBackgroundLocationIndicator(true)),
    ] + AppScriptReader.accuracies.map { ("desiredAccuracy: \($0.rawValue)", .desiredAccuracy($0)) }
      + SimActivityType.allCases.map { ("activityType: \($0.rawValue)", .activityType($0)) })
    func everyPropertyIsSetByItsCoreLocationName(text: String, setting: AppScript.ManagerSetting) throws {
        #expect(try script("app: {on: {launch: {set: {\(text)}}}}")?.reactions == [.launch: [.set([setting])]])
    }

    @Test func settingsKeepTheOrderWritten() throws {
        let text = "app: {on: {launch: {set: {pausesLocationUpdatesAutomatically: false, distanceFilter: none, activityType: fitness, desiredAccuracy: kilometer}}}}"
        #expect(try script(text)?.reactions[.launch] == [.set([
            .pausesLocationUpdatesAutomatically(false), .distanceFilter(simDistanceFilterNone), .activityType(.fitness), .desiredAccuracy(.kilometer),
        ])])
        #expect(AppScriptReader.accuracies == SimAccuracy.allCases.filter { $0 != .reduced })
    }

    @Test(arguments: AppScript.Timer.Condition.allCases)
    func timersAreReadWithTheirCondition(condition: AppScript.Timer.Condition) throws {
        #expect(try script("app: {timers: [{every: 1.5, while: \(condition.rawValue), do: start-updates}, {do: [], every: 3600}]}")?.timers == [
            AppScript.Timer(every: 1.5, while: condition, actions: [.startUpdates]),
            AppScript.Timer(every: 3600, while: .always, actions: []),
        ])
    }

    /// `{after: 0, do: …}` around `stop-updates`, `levels` times, in `launch`'s list.
    private static func nested(_ levels: Int) -> String {
        "app: {on: {launch: " + String(repeating: "{after: 0, do: ", count: levels) + "stop-updates" + String(repeating: "}", count: levels) + "}}"
    }

    @Test func actionsNestSixteenDeepAndNoDeeper() throws {
        var expected = AppScript.Action.stopUpdates
        for _ in 1...15 { expected = .after(seconds: 0, actions: [expected]) }
        #expect(try script(Self.nested(15))?.reactions == [.launch: [expected]])
        // The 16th `do` is the 17th list: 19 columns of "app: {on: {launch: ", 15 for each "{after: 0, do: ".
        #expect(throws: ReplayError.invalidSettings("s.yaml:1:260: 'do' nests actions more than 16 deep; a script needs no more")) {
            try script(Self.nested(16))
        }
    }

    @Test(arguments: [
        // The shape of `app`, `info`, `on` and `timers`.
        ("app: [x]", "s.yaml:1:6: 'app' must be a mapping of info, on and timers"),
        ("app: {colour: red}", "s.yaml:1:7: 'colour' is not a field of 'app' (info, on, timers)"),
        ("app: {info: [location]}", "s.yaml:1:13: 'info' must be a mapping of backgroundModes, whenInUseUsage, alwaysUsage, bgTaskIdentifiers, requireExplicitServiceSession, locationPushEntitlement, from"),
        ("app: {info: {plist: true}}", "s.yaml:1:14: 'plist' is not a field of 'info' (backgroundModes, whenInUseUsage, alwaysUsage, bgTaskIdentifiers, requireExplicitServiceSession, locationPushEntitlement, from)"),
        ("app: {info: {backgroundModes: location}}", "s.yaml:1:31: 'backgroundModes' must be a list of modes"),
        ("app: {info: {backgroundModes: [[location]]}}", "s.yaml:1:32: 'backgroundModes' must be a list of mode names, not of lists or mappings"),
        ("app: {info: {backgroundModes: [location, gps]}}",
         "s.yaml:1:42: 'backgroundModes' 'gps' is not a background mode (location, fetch, processing, remote-notification, voip, audio, bluetooth-central, bluetooth-peripheral, external-accessory)"),
        ("app: {info: {alwaysUsage: maybe}}", "s.yaml:1:27: 'alwaysUsage' must be true or false"),
        ("app: {on: [launch]}", "s.yaml:1:11: 'on' must be a mapping of triggers to actions"),
        ("app: {on: {start: [start-updates]}}",
         "s.yaml:1:12: 'start' is not a trigger (wake, visit, bg-task, error, push … or one of 17 others; see Docs/Scenarios.md)"),
        ("app: {timers: {every: 60}}", "s.yaml:1:15: 'timers' must be a list of timers"),
        ("app: {timers: [60]}", "s.yaml:1:16: 'timers' entries must be mappings with 'every' and 'do'"),
        // Actions.
        ("app: {on: {launch: [dance]}}",
         "s.yaml:1:21: 'launch' 'dance' is not an action (after, set, if, log, cpu … or one of 40 others; see Docs/Scenarios.md)"),
        ("app: {on: {launch: [{dance: 1}]}}",
         "s.yaml:1:22: 'dance' is not an action (after, set, if, log, cpu … or one of 40 others; see Docs/Scenarios.md)"),
        ("app: {on: {launch: [set]}}", "s.yaml:1:21: 'set' needs a value: {set: …}"),
        ("app: {on: {launch: {start-live-updates: walking}}}",
         "s.yaml:1:41: 'start-live-updates' 'walking' is not a configuration (default, automotiveNavigation, otherNavigation, fitness, airborne)"),
        ("app: {on: {launch: [begin-service-session]}}", "s.yaml:1:21: 'begin-service-session' needs a value: {begin-service-session: …}"),
        ("app: {on: {launch: {begin-service-session: sometimes}}}",
         "s.yaml:1:44: 'begin-service-session' 'sometimes' is not a requirement (none, whenInUse, always)"),
        ("app: {on: {launch: {begin-service-session: {need: always}}}}", "s.yaml:1:45: 'need' is not a field of 'begin-service-session' (requirement)"),
        ("app: {info: {requireExplicitServiceSession: maybe}}", "s.yaml:1:45: 'requireExplicitServiceSession' must be true or false"),
        ("app: {on: {launch: [{}]}}", "s.yaml:1:21: 'launch' holds an empty mapping where an action belongs"),
        ("app: {on: {launch: [[start-updates]]}}", "s.yaml:1:21: 'launch' must be a list of actions, not of lists"),
        ("app:\n  on:\n    launch:\n", "s.yaml:3:12: 'launch' needs an action or a list of actions"),
        ("app: {on: {launch: {log: hi, stop-updates: now}}}", "s.yaml:1:30: 'stop-updates' is not a field of 'log' (it has none: one action a mapping)"),
        ("app: {on: {launch: {log: [hi]}}}", "s.yaml:1:26: 'log' must be a line of text"),
        ("app: {on: {launch: {begin-task: nav}}}", "s.yaml:1:33: 'begin-task' must be a mapping of name, as and onExpiry"),
        ("app: {on: {launch: {begin-task: {name: a, expiry: []}}}}", "s.yaml:1:43: 'expiry' is not a field of 'begin-task' (name, as, onExpiry)"),
        ("app: {on: {launch: {begin-task: {as: ''}}}}", "s.yaml:1:38: 'as' must be a variable name"),
        ("app: {on: {launch: {end-task: [t]}}}", "s.yaml:1:31: 'end-task' must be a variable name"),
        ("app: {on: {launch: {after: 1}}}", "s.yaml:1:20: 'do' is needed by 'after'"),
        ("app: {on: {launch: {after: -1, do: []}}}", "s.yaml:1:28: 'after' -1.0 is not a duration (0…3155760000 s: 100 years)"),
        ("app: {on: {launch: {after: soon, do: []}}}", "s.yaml:1:28: 'after' must be a number: a duration (0…3155760000 s: 100 years)"),
        ("app: {on: {launch: {after: 1, do: [], then: []}}}", "s.yaml:1:39: 'then' is not a field of 'after' (do, as)"),
        ("app: {on: {launch: {if: denied}}}", "s.yaml:1:20: 'do' or 'else' is needed by 'if'"),
        ("app: {on: {launch: {if: raining, do: []}}}",
         "s.yaml:1:25: 'if' 'raining' is not a condition (authorized, always, when-in-use, denied, background, foreground, updating, can-request-authorization, interrupted, low-power-mode, refresh-available, stationary, diagnostic)"),
        ("app: {on: {launch: {if: denied, do: [], otherwise: []}}}", "s.yaml:1:41: 'otherwise' is not a field of 'if' (do, else)"),
        // Properties and their values.
        ("app: {on: {launch: {set: [distanceFilter]}}}",
         "s.yaml:1:26: 'set' must be a mapping of properties to values (distanceFilter, desiredAccuracy, allowsBackgroundLocationUpdates, pausesLocationUpdatesAutomatically, activityType, showsBackgroundLocationIndicator)"),
        ("app: {on: {launch: {set: {speed: 3}}}}",
         "s.yaml:1:27: 'speed' is not a property: it belongs at the top level of the scenario"),
        ("app: {on: {launch: {set: {distanceFilter: far}}}}", "s.yaml:1:43: 'distanceFilter' must be none or a number: a distance (0…40075017 m, the Earth's circumference)"),
        ("app: {on: {launch: {set: {distanceFilter: -1}}}}", "s.yaml:1:43: 'distanceFilter' -1.0 is not a distance (0…40075017 m, the Earth's circumference)"),
        ("app: {on: {launch: {set: {desiredAccuracy: reduced}}}}",
         "s.yaml:1:44: 'desiredAccuracy' 'reduced' is not an accuracy (bestForNavigation, best, nearestTenMeters, hundredMeters, kilometer, threeKilometers)"),
        ("app: {on: {launch: {set: {activityType: automotive}}}}",
         "s.yaml:1:41: 'activityType' 'automotive' is not an activity type (other, automotiveNavigation, fitness, otherNavigation, airborne)"),
        ("app: {on: {launch: {set: {allowsBackgroundLocationUpdates: sometimes}}}}", "s.yaml:1:60: 'allowsBackgroundLocationUpdates' must be true or false"),
        // Variables.
        ("app: {on: {foreground: {end-task: task}}}", "s.yaml:1:35: 'end-task' 'task' is not stored by any begin-task's 'as' (the script has none)"),
        ("app:\n  on:\n    launch: [{begin-task: {as: task}}, {begin-task: {as: other}}]\n    foreground: [{end-task: task}, {end-task: tsak}]",
         "s.yaml:4:47: 'end-task' 'tsak' is not stored by any begin-task's 'as' (variables: other, task)"),
        // Timers.
        ("app: {timers: [{do: stop-updates}]}", "s.yaml:1:16: 'every' is needed by a timer"),
        ("app: {timers: [{every: 1}]}", "s.yaml:1:16: 'do' is needed by a timer"),
        ("app: {timers: [{every: 0, do: stop-updates}]}", "s.yaml:1:24: 'every' 0.0 is not an interval of at least a second (1…3155760000 s: 100 years)"),
        ("app: {timers: [{every: often, do: stop-updates}]}", "s.yaml:1:24: 'every' must be a number: an interval of at least a second (1…3155760000 s: 100 years)"),
        ("app: {timers: [{every: 1, while: night, do: stop-updates}]}", "s.yaml:1:34: 'while' 'night' is not a timer condition (background, foreground, always)"),
        ("app: {timers: [{every: 1, do: stop-updates, at: 5}]}", "s.yaml:1:45: 'at' is not a field of a timer (every, while, do)"),
        ("app: {timers: [{every: 1, do: [{dance: 1}]}]}",
         "s.yaml:1:33: 'dance' is not an action (after, set, if, log, cpu … or one of 40 others; see Docs/Scenarios.md)"),
    ])
    func mistakesAreNamedWithTheirPlaceAndTheChoices(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }

    /// The lists messages give: the core's words, then the mechanisms' (checked below to be read).

    /// The message's list of actions is the reader's: every name in it is read.
    @Test func everyActionNamedInMessagesIsRead() throws {
        let values = [
            "set": "{}", "end-task": "t", "log": "x", "after": "1, do: []", "if": "denied, do: []",
            "monitor-region": "{radius: 100, id: a}", "stop-monitoring-region": "a",
            "register-task": "r", "submit-refresh": "r", "submit-processing": "r", "begin-service-session": "always",
            "submit-continued-processing": "{id: r, title: T}", "report-progress": "{add: 1}",  // §12 iOS 26
            "start-transfer": "t", "set-fetch-interval": "minimum",
            "cpu": "40ms", "busy-loop": "30", "footprint": "180 MB", "grow-footprint": "0.25 MB",  // §15
            "idle-timer-disabled": "true",
        ]
        for name in AppScriptReader.actionNames {
            let action = AppScriptReader.action(word: name) != nil ? name : "{\(name): \(values[name] ?? "")}"
            let text = "app: {on: {launch: [{begin-task: {as: t}}, \(action)]}}"
            #expect(try script(text)?.reactions[.launch]?.count == 2, "\(name)")
        }
    }
}
