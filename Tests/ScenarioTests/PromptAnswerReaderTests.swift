import Testing
import TestSupport
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
@testable import Simulation

/// A scenario's `answer`: one `{at, with}` or a list, range-checked, with did-you-mean (§5).
@Suite struct PromptAnswerReaderTests {
    @Test func oneAnswerOrAListIsRead() throws {
        #expect(try ScenarioFile.parse("answer: {at: 20, with: deny}", name: "s.yaml").answers == [SimPromptAnswer(at: 20, .deny)])
        #expect(try ScenarioFile.parse("answer: [{at: 5, with: while-using}, {at: 90, with: always}]", name: "s.yaml").answers
            == [SimPromptAnswer(at: 5, .whileUsing), SimPromptAnswer(at: 90, .always)])
        // Spelled any way, as every named value.
        #expect(try ScenarioFile.parse("answer: {at: 0, with: allowOnce}", name: "s.yaml").answers == [SimPromptAnswer(at: 0, .allowOnce)])
    }

    @Test func theAnswersReachTheRun() throws {
        let settings = try ScenarioFile.parse("answer: {at: 20, with: ignore}", name: "s.yaml")
        #expect(try settings.resolved().answers == [SimPromptAnswer(at: 20, .ignore)])
    }

    @Test(arguments: [
        ("answer: {at: 20, with: alway}", "s.yaml:1:24: 'with' 'alway' is not an answer; did you mean 'always'? (allow-once, while-using, always, deny, ignore)"),
        ("answer: {at: -1, with: deny}", "s.yaml:1:14: 'at' -1.0 is not a time from the start (0…3155760000 s: 100 years)"),
        ("answer: {at: 20}", "s.yaml:1:9: 'answer' needs 'at' (seconds) and 'with' (allow-once, while-using, always, deny, ignore)"),
        ("answer: deny", "s.yaml:1:9: 'answer' must be {at: SECONDS, with: CHOICE} or a list of them"),
    ])
    func mistakesAreNamedWithTheirPlace(text: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(text, name: "s.yaml") }
    }
}
