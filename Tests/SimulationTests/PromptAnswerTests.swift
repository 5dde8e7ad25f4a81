import Testing
import TestSupport
@testable import Scripting
@testable import Simulation

/// §5: the user's answers to the location prompts, scripted with when they come
/// (`SimUserAnswers.scripted`, a scenario's `answer`). The navigation app asks for Always at
/// launch (the prompt at 0) and starts updates once allowed; it leaves the screen at 60.
@MainActor @Suite struct PromptAnswerTests {
    private func run(_ answers: [SimPromptAnswer], profile: SimProfile = .iOS17) -> SimulationResult {
        var config = configuration(drive(seconds: 200), profile: profile, authorization: .notDetermined,
                                   timeline: [SimScenarioEvent(at: 60, .enterBackground)], capabilities: NavigationApp.script.info)
        config.answers.scripted = answers
        return KeepAliveSimulation(config, app: ScriptedApp(script: NavigationApp.script)).run()
    }

    private func prompts(_ result: SimulationResult) -> [At] { log(result, [.authorizationPrompt, .authorizationChange]) }

    /// Denied at 20: the prompt waits on screen from 0 until then.
    @Test func aDenialComesAtItsTime() {
        #expect(prompts(run([SimPromptAnswer(at: 20, .deny)])) == [
            At(0, .prompt(.allowLocation(answer: .dontAllow, then: nil))),
            At(20, .authorizationChange(from: .notDetermined, to: .denied, accuracy: nil, cause: .userAnswered(.dontAllow, provisionalAlways: false))),
        ])
    }

    /// An answer whose time has passed when the prompt comes is given after the usual second.
    @Test func anAnswerDueBeforeThePromptComesASecondAfterIt() {
        let result = run([SimPromptAnswer(at: 0, .allowOnce)])
        #expect(prompts(result).prefix(2) == [
            At(0, .prompt(.allowLocation(answer: .allowOnce, then: nil))),
            At(1, .authorizationChange(from: .notDetermined, to: .authorizedWhenInUse, accuracy: nil, cause: .userAnswered(.allowOnce, provisionalAlways: false))),
        ])
    }

    /// Ignored: the prompt goes away at 30 and nothing changes; the app never gets location.
    @Test func anIgnoredPromptChangesNothing() {
        let result = run([SimPromptAnswer(at: 30, .ignore)])
        #expect(prompts(result) == [At(0, .prompt(.unanswered(seconds: 30)))])
        #expect(deliveredTimes(result) == [])
    }

    /// iOS 17: While Using to an Always request at 20 is provisional Always; the second prompt,
    /// at the first background use (60), takes the second answer: While Using keeps When In Use.
    @Test func theSecondPromptTakesTheSecondAnswer() {
        let result = run([SimPromptAnswer(at: 20, .whileUsing), SimPromptAnswer(at: 0, .whileUsing)])
        #expect(prompts(result) == [
            At(0, .prompt(.allowLocation(answer: .allowWhileUsing, then: nil))),
            At(20, .authorizationChange(from: .notDetermined, to: .authorizedAlways, accuracy: nil, cause: .userAnswered(.allowWhileUsing, provisionalAlways: true))),
            At(60, .prompt(.keepAllowingInBackground(answer: .keepWhenInUse))),
            At(60, .authorizationChange(from: .authorizedAlways, to: .authorizedWhenInUse, accuracy: nil, cause: .userKeptWhenInUse)),
        ])
    }

    /// iOS 11–12 asks both at once: `always` is Always Allow, `while-using` Allow While Using.
    @Test(arguments: [(SimPromptAnswer.Choice.always, SimUserAnswers.AlwaysPrompt.changeToAlways, SimAuthorizationStatus.authorizedAlways),
                      (.whileUsing, .keepWhenInUse, .authorizedWhenInUse)])
    func onIOS12OneAnswerGivesBothHalves(choice: SimPromptAnswer.Choice, then: SimUserAnswers.AlwaysPrompt, status: SimAuthorizationStatus) {
        let result = run([SimPromptAnswer(at: 10, choice)], profile: .iOS12)
        #expect(prompts(result).prefix(2) == [
            At(0, .prompt(.allowLocation(answer: .allowWhileUsing, then: then))),
            At(10, .authorizationChange(from: .notDetermined, to: status, accuracy: nil, cause: .userAnswered(.allowWhileUsing, provisionalAlways: false))),
        ])
    }
}
