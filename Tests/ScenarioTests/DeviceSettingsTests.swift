@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Simulation
import Testing

/// §15: the device's conditions as whole-run settings and as scenario verbs.
@Suite struct DeviceSettingsTests {
    @Test func theSettingsSetTheDeviceWhenTheTripStarts() throws {
        let settings = try ScenarioFile.parse("""
            lowPowerMode: true
            batteryLevel: 0.5
            batteryDrainPerHour: 0.1
            charging: true
            thermal: serious
            backgroundAppRefresh: false
            """, name: "s.yaml")
        var expected = SimDevice()
        expected.lowPowerMode = true
        expected.batteryLevel = 0.5
        expected.batteryDrainPerHour = 0.1
        expected.charging = true
        expected.thermalState = .serious
        expected.backgroundAppRefreshEnabled = false
        #expect(try settings.resolved().device == expected)
    }

    /// The header's phone line says what is not the default phone, and none is printed for it.
    @Test func theHeaderNamesThePhonesStartingState() throws {
        var device = SimDevice()
        #expect(Prose.phone(device, .iOS17) == nil)
        device.lowPowerMode = true
        device.batteryLevel = 0.205
        device.batteryDrainPerHour = 0.1
        device.thermalState = .serious
        // The default rule since issue 31 is Apple's, `unaffected`; the field's reading is named when set.
        #expect(Prose.phone(device, .iOS17) == "Low Power Mode on; battery 20.5 %, draining 10 % an hour; thermal state serious; Low Power Mode leaves location alone (unaffected)")
        var profile = SimProfile.iOS17
        profile.lowPowerModeLocation = .stopsUntilRestarted
        #expect(Prose.phone(SimDevice(), profile) == "Low Power Mode stops background location until the app starts it again (stops-until-restarted)")
    }

    @Test(arguments: [
        ("batteryLevel: 1.5", "s.yaml:1:15: 'batteryLevel' 1.5 is not a fraction (0…1)"),
        ("thermal: hot", "s.yaml:1:10: 'thermal' must be nominal or fair or serious or critical"),
        ("events: [{at: 1, do: battery, level: 120%}]", "s.yaml:1:38: 'level' must be a fraction (0…1) or a percentage (0%…100%)"),
        ("events: [{at: 1, do: thermal, state: warm}]", "s.yaml:1:38: 'state' 'warm' is not a thermal state (nominal, fair, serious, critical)"),
        ("events: [{at: 1, do: low-power-mode}]", "s.yaml:1:10: 'on' is needed by 'low-power-mode'"),
        ("events: [{at: 1, do: background-app-refresh, enabled: false, scope: phone}]", "s.yaml:1:69: 'scope' must be app or device"),
    ])
    func mistakesAreNamedWhereTheyStand(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }

    @Test func theVerbsReadTheirFields() throws {
        let settings = try ScenarioFile.parse("""
            events:
              - {at: 600, do: low-power-mode, on: true}
              - {at: 700, do: battery, level: 15%, drainPerHour: 0.2}
              - {at: 800, do: power, charging: true}
              - {at: 900, do: thermal, state: critical}
              - {at: 950, do: background-app-refresh, enabled: false, scope: device}
              - {at: 960, do: background-app-refresh, enabled: false}
              - {at: 1000, do: restart}
              - {at: 1100, do: os-update}
              - {at: 1200, do: app-update}
            """, name: "s.yaml")
        #expect(settings.events == [
            SimScenarioEvent(at: 600, .device(.setLowPowerMode(true))),
            SimScenarioEvent(at: 700, .device(.setBattery(level: 0.15, drainPerHour: 0.2))),
            SimScenarioEvent(at: 800, .device(.setCharging(true))),
            SimScenarioEvent(at: 900, .device(.setThermalState(.critical))),
            SimScenarioEvent(at: 950, .device(.setBackgroundAppRefresh(enabled: false))),
            SimScenarioEvent(at: 960, .bgTasks(.setBackgroundAppRefresh(enabled: false))),
            SimScenarioEvent(at: 1000, .device(.restart)),
            SimScenarioEvent(at: 1100, .device(.osUpdate)),
            SimScenarioEvent(at: 1200, .device(.appUpdate)),
        ])
    }
}
