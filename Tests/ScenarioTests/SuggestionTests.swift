import Testing
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun

/// "Did you mean", misplaced keys and cut lists: what a newcomer's typos in a scenario get.
@Suite struct SuggestionTests {
    @Test(arguments: [
        ("start-update", ["start-updates", "stop-updates"], "start-updates"),
        ("backgroud", ["background", "foreground"], "background"),
        ("distanceFiltr", ["distanceFilter", "desiredAccuracy"], "distanceFilter"),
        ("distance-filter", ["distanceFilter"], "distanceFilter"),
        ("lok", ["lock", "launch"], "lock"),
    ])
    func aNearNameIsSuggested(word: String, names: [String], expected: String) {
        #expect(Suggestion.nearest(word, among: names) == expected)
    }

    @Test func aFarOrExactWordGetsNoSuggestion() {
        #expect(Suggestion.nearest("dance", among: ["launch", "lock"]) == nil)
        #expect(Suggestion.nearest("at", among: ["do"]) == nil)  // two letters are not one edit apart
        #expect(Suggestion.nearest("lock", among: ["lock", "unlock"]) == nil)
        #expect(Suggestion.nearest("", among: ["lock"]) == nil)
    }

    @Test func editDistanceIsLevenshtein() {
        #expect(Suggestion.distance("kitten", "sitting") == 3)
        #expect(Suggestion.distance("", "abc") == 3)
        #expect(Suggestion.distance("flaw", "lawn") == 2)
    }

    @Test func shortListsAreWholeAndLongOnesCutToTheNearest() {
        let ten = (1...10).map { "name\($0)" }
        #expect(Suggestion.choices(ten, near: "x") == ten.joined(separator: ", "))
        let eleven = ten + ["start-updates"]
        #expect(Suggestion.choices(eleven, near: "start-update") == "start-updates, name1, name2, name3, name4 … or one of 6 others; see Docs/Scenarios.md")
    }

    @Test(arguments: [
        ("events:\n  - {at: 5, do: backgroud}\n",
         "s.yaml:2:17: 'do' 'backgroud' is not an action; did you mean 'background'? (background, foreground, accuracy, battery, lock … or one of 26 others; see Docs/Scenarios.md)"),
        ("app: {on: {launch: [start-update]}}",
         "s.yaml:1:21: 'launch' 'start-update' is not an action; did you mean 'start-updates'? (start-updates, stop-updates, start-live-updates, start-visits, stop-live-updates … or one of 40 others; see Docs/Scenarios.md)"),
        ("distanceFiltr: 5",
         "s.yaml:1:1: 'distanceFiltr' is not a scenario setting; did you mean 'distanceFilter'? (distanceFilter, profile, infoPlist, lenient, answer … or one of 29 others; see Docs/Scenarios.md)"),
        ("app: {on: {lauch: [start-updates]}}",
         "s.yaml:1:12: 'lauch' is not a trigger; did you mean 'launch'? (launch, push, paused, wake, error … or one of 17 others; see Docs/Scenarios.md)"),
        ("app: {on: {launch: {set: {distanceFiltr: 5}}}}",
         "s.yaml:1:27: 'distanceFiltr' is not a property; did you mean 'distanceFilter'? (distanceFilter, desiredAccuracy, allowsBackgroundLocationUpdates, pausesLocationUpdatesAutomatically, activityType, showsBackgroundLocationIndicator)"),
        ("app: {info: {backgroundMode: [location]}}",
         "s.yaml:1:14: 'backgroundMode' is not a field of 'info'; did you mean 'backgroundModes'? (backgroundModes, whenInUseUsage, alwaysUsage, bgTaskIdentifiers, requireExplicitServiceSession, locationPushEntitlement, from)"),
    ])
    func typosGetTheNameTheyMeant(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }

    @Test(arguments: [
        ("whenInUseUsage: true", "s.yaml:1:1: 'whenInUseUsage' is not a scenario setting: it belongs under 'app: info'"),
        ("app: {info: {distanceFilter: 5}}",
         "s.yaml:1:14: 'distanceFilter' is not a field of 'info': it belongs at the top level of the scenario or in a 'set' action ({set: {…}})"),
        ("app: {launch: [start-updates]}", "s.yaml:1:7: 'launch' is not a field of 'app': it belongs under 'app: on'"),
        ("timers: []", "s.yaml:1:1: 'timers' is not a scenario setting: it belongs under 'app'"),
        ("app: {timers: [{every: 60, do: [stop-updates], background: true}]}",
         "s.yaml:1:48: 'background' is not a field of a timer: it belongs under 'app: on'"),
    ])
    func aKeyInTheWrongBlockIsSentToItsBlock(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }
}
