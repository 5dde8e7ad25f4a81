import Foundation
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Simulation
import Testing
import TestSupport

@Suite struct ScenarioFileTests {
    /// The parser and `ScenarioFile.verb` (used in messages) spell every action the same way.
    @Test func everyVerbParsesToAnActionNamedByItsVerb() throws {
        var fields = ["authorization": ", status: denied", "accuracy": ", level: reduced", "location-services": ", enabled: false"]
        fields.merge(["bg-launch": ", id: r", "bg-expire": ", id: r", "background-app-refresh": ", enabled: false", "power": ", charging: true"]) { $1 }  // §12
        fields["bg-cancel"] = ", id: r"  // §12 BGContinuedProcessingTask
        fields.merge(["low-power-mode": ", on: true", "battery": ", level: 15%", "thermal": ", state: serious"]) { $1 }  // §15
        for verb in ScenarioFile.verbs {
            let settings = try ScenarioFile.parse("events:\n  - {at: 1, do: \(verb)\(fields[verb] ?? "")}\n", name: "v.yaml")
            #expect(settings.events.map { ScenarioFile.verb($0.action) } == [verb])
        }
    }

    @Test func readsYAML() throws {
        let settings = try ScenarioFile.parse("""
            # A commute where the user changes their mind.
            profile: ios13
            policy: delivery
            distanceFilter: 50
            backgroundModes: [location, fetch]
            enterBackgroundAt: 120
            seed: 7
            events:
              - at: 300
                do: lock
              - at: 900
                do: authorization
                status: denied
              - {at: 950, do: location-services, enabled: false}
              - {at: 960, do: accuracy, level: reduced}
              - {at: 970, do: begin-background-task, name: upload}
              - {at: 980, do: end-background-task}
            """, name: "commute.yaml")
        #expect(settings.profile == .iOS13)
        #expect(settings.policy == .delivery)
        #expect(settings.distanceFilter == .meters(50))
        #expect(settings.backgroundModes == [.location, .fetch])
        #expect(settings.enterBackgroundAt == 120)
        #expect(settings.seed == 7)
        #expect(settings.events == [
            SimScenarioEvent(at: 300, .lock), SimScenarioEvent(at: 900, .setAuthorization(.denied)),
            SimScenarioEvent(at: 950, .setLocationServices(enabled: false)),
            SimScenarioEvent(at: 960, .setAccuracyAuthorization(.reducedAccuracy)),
            SimScenarioEvent(at: 970, .beginBackgroundTask(name: "upload")), SimScenarioEvent(at: 980, .endBackgroundTask),
        ])
    }

    @Test func readsJSON() throws {
        let settings = try ScenarioFile.parse("""
            {"profile": "ios7", "distanceFilter": "none", "backgroundTask": false,
             "events": [{"at": 30, "do": "background"}, {"at": 90, "do": "foreground"}]}
            """, name: "s.json")
        #expect(settings.profile == .iOS7)
        #expect(settings.distanceFilter == DistanceFilter.none)
        #expect(settings.backgroundTask == false)
        #expect(settings.events == [SimScenarioEvent(at: 30, .enterBackground), SimScenarioEvent(at: 90, .returnToForeground)])
    }

    @Test(arguments: [
        ("distancefiter: 50", "s.yaml:1:1: 'distancefiter' is not a scenario setting; did you mean 'distanceFilter'? (distanceFilter, answer, profile, speed, seed … or one of 29 others; see Docs/Scenarios.md)"),
        ("budget: lots", "s.yaml:1:9: 'budget' must be a number: a positive duration (1e-09…3155760000 s: 100 years)"),
        ("budget: 1e18", "s.yaml:1:9: 'budget' 1e+18 is not a positive duration (1e-09…3155760000 s: 100 years)"),
        ("distanceFilter: 1e308", "s.yaml:1:17: 'distanceFilter' 1e+308 is not a distance (0…40075017 m, the Earth's circumference)"),
        ("speed: 0", "s.yaml:1:8: 'speed' 0.0 is not a speed (above 0, up to 299792458 m/s, the speed of light)"),
        ("lockAt: -1", "s.yaml:1:9: 'lockAt' -1.0 is not a time from the start (0…3155760000 s: 100 years)"),
        ("events:\n  - {at: 1e10, do: lock}", "s.yaml:2:10: 'at' 10000000000.0 is not a time from the start (0…3155760000 s: 100 years)"),
        ("seed: 18446744073709551616", "s.yaml:1:7: 'seed' must be a whole number from 0 to 18446744073709551615"),
        ("seed: -1", "s.yaml:1:7: 'seed' must be a whole number from 0 to 18446744073709551615"),
        ("backgroundModes: [[location]]", "s.yaml:1:19: 'backgroundModes' must be a list of mode names, not of lists or mappings"),
        ("backgroundModes: [location, {fetch: 1}]", "s.yaml:1:29: 'backgroundModes' must be a list of mode names, not of lists or mappings"),
        ("backgroundModes: location", "s.yaml:1:18: 'backgroundModes' must be a list of modes"),
        ("? [profile]\n: ios17", "s.yaml:1:3: a key must be a name, not a list or mapping"),
        ("events:\n  - {at: 1, do: lock, [x]: 1}", "s.yaml:2:23: a key must be a name, not a list or mapping"),
        ("policy: sometimes", "s.yaml:1:9: 'policy' must be session or delivery"),
        ("servicesOff: maybe", "s.yaml:1:14: 'servicesOff' must be true or false"),
        ("events:\n  - at: 10\n    do: dance", "s.yaml:3:9: 'do' 'dance' is not an action (launch, lock, bg-cancel, call, fetch … or one of 26 others; see Docs/Scenarios.md)"),
        ("events:\n  - at: 10", "s.yaml:2:5: 'events' entries need 'at' (seconds) and 'do' (an action)"),
        ("events:\n  - {at: 10, do: lock, status: denied}", "s.yaml:2:5: 'status' is not a field of 'lock'"),
        ("events:\n  - {at: 10, do: authorization}", "s.yaml:2:5: 'status' is needed by 'authorization'"),
        ("- just\n- a list", "s.yaml: a scenario is a mapping of settings (and 'events')"),
    ])
    func mistakesAreNamedWithTheirPlace(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }

    @Test func fullUInt64SeedsAreRead() throws {
        #expect(try ScenarioFile.parse("seed: 9223372036854775808", name: "s.yaml").seed == 9_223_372_036_854_775_808)
        #expect(try ScenarioFile.parse("seed: 18446744073709551615", name: "s.yaml").seed == .max)
    }

    /// A "billion laughs": nine aliases a level, eight levels; Yams would build and hash 9⁸ nodes.
    private static let aliasBomb = (["a0: &a0 [x,x,x,x,x,x,x,x,x]"]
        + (1...8).map { level in "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ",") + "]" }
        + ["? *a8\n: 1"]).joined(separator: "\n")

    @Test(arguments: [
        (aliasBomb, "s.yaml:6:10: aliases expand to more than 100000 values; a scenario needs no more"),
        ("x: &k [a, b]\n? *k\n: 2", "s.yaml:2:3: an alias (*k) cannot be a mapping key"),
        ("x: &k a\n*k : 2", "s.yaml:2:1: an alias (*k) cannot be a mapping key"),
        (String(repeating: "- ", count: 70) + "x", "s.yaml:1:129: nested more than 64 deep; a scenario needs no more"),
    ])
    func aliasBombsAndDeepNestingAreRefusedBeforeDecoding(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }

    @Test func tooManyValuesWithoutAliasesAreNamedAsSuch() {
        let text = "events: [" + String(repeating: "1,", count: 100_000) + "1]"
        #expect(throws: ReplayError.invalidSettings("s.yaml:1:200004: the file holds more than 100000 values; a scenario needs no more")) {
            try ScenarioFile.parse(text, name: "s.yaml")
        }
    }

    @Test func smallAliasesStillWork() throws {
        let settings = try ScenarioFile.parse("backgroundModes: [&m location, *m]\nevents: [&e {at: 1, do: lock}, *e]", name: "s.yaml")
        #expect(settings.backgroundModes == [.location, .location])
        #expect(settings.events == [SimScenarioEvent(at: 1, .lock), SimScenarioEvent(at: 1, .lock)])
    }

    @Test func textThatIsNotUTF8IsNamedWithItsPlace() {
        #expect(throws: ReplayError.invalidSettings("s.yaml:2:6: not UTF-8 text (byte 0xE9); save the scenario as UTF-8")) {
            try ScenarioFile.text(Data("profile: ios17\n# caf".utf8) + Data([0xE9, 0x0A]), name: "s.yaml")
        }
    }

    @Test(arguments: [
        ("profile: ios17\nprofile: ios13\n", "s.yaml:1:1: not valid YAML or JSON: a key is given twice ('profile')"),
        ("profile: *nowhere\n", "s.yaml:1:10: not valid YAML or JSON: found undefined alias"),
        ("profile: [ios13\n", "s.yaml:2:1: not valid YAML or JSON: did not find expected ',' or ']'"),
    ])
    func yamlErrorsAreOneLineWithoutTheFileQuoted(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }

    @Test func malformedYAMLIsReported() throws {
        do {
            _ = try ScenarioFile.parse("profile: [ios13", name: "s.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.description == "s.yaml:2:1: not valid YAML or JSON: did not find expected ',' or ']'")
        }
    }

    @Test func aMissingFileIsUnreadable() {
        #expect(throws: ReplayError.settingsFileUnreadable("/nonexistent/s.yaml: cannot read the scenario file: No such file or directory")) {
            try ScenarioFile.read(contentsOf: "/nonexistent/s.yaml")
        }
    }
}
