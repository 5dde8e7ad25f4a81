import Testing
import Yams
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Scripting
import Simulation

/// Issue 32: one declarative field schema reads every mapping of the files the tool reads.
@Suite struct FieldSchemaTests {
    private struct Reader: ScenarioNodeReader {
        let name = "f.yaml"
    }

    private enum Key: String, CaseIterable { case every, `do` }

    private static let schema = FieldSchema<Key>(.listed("a field of a test"), required: [.every, .do],
                                                 ranges: [.every: .timerInterval], missing: "is needed by a test")

    private func entries(_ text: String, atOnce: Bool = false) throws -> FieldEntries<Key> {
        let node = try #require(try Yams.compose(yaml: text))
        return try Reader().fields(try #require(node.mapping), Self.schema, at: node, atOnce: atOnce)
    }

    @Test func keysReadAsDeclaredWhateverTheirSpelling() throws {
        let read = try entries("Every: 5\nDO: x")
        #expect(read.known.map(\.key) == [.every, .do])
        #expect(read.known.map(\.name) == ["every", "do"])
        #expect(read.known.map(\.written) == ["Every", "DO"])
        #expect(try read.number(.every) == 5)
    }

    @Test func aNumberIsCheckedAgainstItsFieldsRange() throws {
        let read = try entries("every: 0.5")
        #expect(throws: ReplayError.invalidSettings("f.yaml:1:8: 'every' \(SettingRange.timerInterval.problem(0.5)!)")) {
            try read.number(.every)
        }
    }

    @Test func oneKeyWrittenTwoWaysIsAnError() {
        #expect(throws: ReplayError.invalidSettings("f.yaml:2:1: 'every_' and 'every' are one key written two ways: give it once")) {
            try entries("every: 1\nevery_: 2")
        }
    }

    /// An unknown key fails where the reader reaches it, so the first mistake written is the one
    /// reported; a matrix's keys (`atOnce`) all fail before any value is read.
    @Test func anUnknownKeyFailsWhereItIsReachedOrAtOnce() throws {
        let read = try entries("every: 1\nevry: 2")
        #expect(read.known.map(\.key) == [.every])
        #expect(throws: ReplayError.invalidSettings("f.yaml:2:1: 'evry' is not a field of a test; did you mean 'every'? (every, do)")) {
            try read.ordered[1].get()
        }
        #expect(throws: ReplayError.invalidSettings("f.yaml:2:1: 'evry' is not a field of a test; did you mean 'every'? (every, do)")) {
            try entries("every: 1\nevry: 2", atOnce: true)
        }
    }

    @Test func aMissingRequiredKeyIsAnErrorAtTheMapping() throws {
        let read = try entries("every: 1")
        #expect(read.missing(.do) == ReplayError.invalidSettings("f.yaml:1:1: 'do' is needed by a test"))
    }

    @Test func aKeptSchemaKeepsUnknownKeysAsWritten() throws {
        let node = try #require(try Yams.compose(yaml: "distance-filter: 1\ncolour: red"))
        let read = try Reader().fields(try #require(node.mapping), FieldSchema(names: ["distanceFilter"]))
        #expect(read.known.map(\.key) == ["distanceFilter", "colour"])
    }

    /// Readers that said less than the shared message now say it: a reaction limited to an id,
    /// and a goal's fields, suggest the key meant.
    @Test(arguments: [
        ("app: {on: {bg-task: {id: a, dos: [stop-updates]}}}",
         "s.yaml:1:29: 'dos' is not a field of 'bg-task' limited to an id; did you mean 'do'? (id, do)"),
        ("goal: {audio: {resumeWithinSecond: 3}}",
         "s.yaml:1:16: 'resumeWithinSecond' is not a field of 'audio'; did you mean 'resumeWithinSeconds'? (resumeWithinSeconds)"),
    ])
    func weakerMessagesNowSuggest(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }

    /// The writer writes the keys the reader declares: what it writes reads back.
    @Test func theWritersKeysAreTheReadersDeclarations() throws {
        var info = SimCapabilities()
        info.permittedBackgroundTaskIdentifiers = ["refresh"]
        info.requiresExplicitServiceSession = true
        let script = AppScript(
            info: info,
            reactions: [.launch: [.requestAlways, .beginTask(name: "nav", variable: "t", onExpiry: [.endTask(variable: "t")])]],
            timers: [AppScript.Timer(every: 60, while: .background, actions: [.startUpdates])])
        let text = AppScriptWriter.scenario(script, goal: .navigation, comments: [])
        let settings = try ScenarioFile.parse(text, name: "s.yaml")
        #expect(settings.app == script)
        #expect(settings.goal == StatedGoals([ReplayGoal.navigation.goal]))
        #expect(AppScriptReader.infoSchema.names == ["backgroundModes", "whenInUseUsage", "alwaysUsage", "bgTaskIdentifiers", "requireExplicitServiceSession", "locationPushEntitlement", "from"])
        #expect(AppScriptReader.timerSchema.names == ["every", "while", "do"])
    }
}
