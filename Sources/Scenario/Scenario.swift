// `import Scenario` brings the three modules the tool's replays are built of, by role: what is
// read (ScenarioInput), what is run (ScenarioRun) and what is reported (ScenarioReports).
// Code that needs only one of them imports it alone.
@_exported import ScenarioInput
@_exported import ScenarioReports
@_exported import ScenarioRun
