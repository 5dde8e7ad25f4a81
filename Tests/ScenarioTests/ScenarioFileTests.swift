import Scenario
import Simulation
import Testing

@Suite struct ScenarioFileTests {
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
        #expect(settings.profile == "ios13")
        #expect(settings.policy == .delivery)
        #expect(settings.distanceFilter == .meters(50))
        #expect(settings.backgroundModes == ["location", "fetch"])
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
        #expect(settings.profile == "ios7")
        #expect(settings.distanceFilter == ReplaySettings.DistanceFilter.none)
        #expect(settings.backgroundTask == false)
        #expect(settings.events == [SimScenarioEvent(at: 30, .enterBackground), SimScenarioEvent(at: 90, .returnToForeground)])
    }

    @Test(arguments: [
        ("distancefilter: 50", "s.yaml:1:1: 'distancefilter' is not a scenario setting"),
        ("budget: lots", "s.yaml:1:9: 'budget' must be a number"),
        ("policy: sometimes", "s.yaml:1:9: 'policy' must be session or delivery"),
        ("servicesOff: maybe", "s.yaml:1:14: 'servicesOff' must be true or false"),
        ("events:\n  - at: 10\n    do: dance", "s.yaml:3:9: 'do' 'dance' is not an action (background, foreground, launch, lock, unlock, memory-pressure, force-quit, authorization, accuracy, location-services, begin-background-task, end-background-task, start-updates, stop-updates)"),
        ("events:\n  - at: 10", "s.yaml:2:5: 'events' entries need 'at' (seconds) and 'do' (an action)"),
        ("events:\n  - {at: 10, do: lock, status: denied}", "s.yaml:2:5: 'status' is not a field of 'lock'"),
        ("events:\n  - {at: 10, do: authorization}", "s.yaml:2:5: 'status' is needed by 'authorization'"),
        ("- just\n- a list", "s.yaml: a scenario is a mapping of settings (and 'events')"),
    ])
    func mistakesAreNamedWithTheirPlace(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }

    @Test func malformedYAMLIsReported() throws {
        do {
            _ = try ScenarioFile.parse("profile: [ios13", name: "s.yaml")
            Issue.record("expected an error")
        } catch {
            #expect(error.exitStatus == 64)
            #expect(error.description.hasPrefix("s.yaml: not valid YAML or JSON: "))
        }
    }

    @Test func aMissingFileIsUnreadable() {
        #expect(throws: ReplayError.settingsFileUnreadable("/nonexistent/s.yaml: cannot read the scenario file")) {
            try ScenarioFile.read(contentsOf: "/nonexistent/s.yaml")
        }
    }
}
