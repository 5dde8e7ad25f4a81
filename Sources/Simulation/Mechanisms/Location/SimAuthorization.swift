/// How the simulated user answers location prompts (§5).
public struct SimUserAnswers: Hashable, Sendable, Codable {
    /// The first prompt: Allow Once, Allow While Using App, Don't Allow.
    public enum FirstPrompt: String, Hashable, Sendable, Codable {
        case allowOnce, allowWhileUsing, dontAllow
    }
    /// The Always prompt: Change to Always Allow, or Keep Only While Using.
    public enum AlwaysPrompt: String, Hashable, Sendable, Codable {
        case changeToAlways, keepWhenInUse
    }

    public var firstPrompt: FirstPrompt
    public var alwaysPrompt: AlwaysPrompt
    /// Whether the user leaves Precise Location on (iOS 14+); off gives reduced accuracy.
    public var precise: Bool
    /// Seconds the user takes to answer a prompt shown while the app is on screen. [model]
    public var answerDelay: Double
    /// The user's answers to the prompts in the order iOS shows them, each with when it comes (a
    /// scenario's `answer`): the n-th prompt takes the n-th; prompts past the list take
    /// ``firstPrompt`` and ``alwaysPrompt`` after ``answerDelay``.
    public var scripted: [SimPromptAnswer] = []

    /// The scripted answer to prompt `index` (from 0) shown at `seconds`, and the seconds the user
    /// takes: until its `at`, or ``answerDelay`` when the prompt comes at or after it; `nil` past the list.
    func scripted(prompt index: Int, shownAt seconds: Double) -> (choice: SimPromptAnswer.Choice, delay: Double)? {
        guard index < scripted.count else { return nil }
        let answer = scripted[index]
        return (answer.choice, answer.at > seconds ? answer.at - seconds : answerDelay)
    }

    /// Creates answers; by default the user allows everything, after one second.
    public init(
        firstPrompt: FirstPrompt = .allowWhileUsing, alwaysPrompt: AlwaysPrompt = .changeToAlways,
        precise: Bool = true, answerDelay: Double = 1
    ) {
        self.firstPrompt = firstPrompt
        self.alwaysPrompt = alwaysPrompt
        self.precise = precise
        self.answerDelay = answerDelay
    }
}

/// One answer of the simulated user to a location prompt, and when it comes (§5): a scenario's
/// `answer: {at: SECONDS, with: CHOICE}`.
public struct SimPromptAnswer: Hashable, Sendable, Codable {
    /// What the user picks, in the words of the prompts.
    public enum Choice: String, Hashable, Sendable, Codable, CaseIterable {
        /// Allow Once (iOS 13+); on an Always prompt, Keep Only While Using.
        case allowOnce = "allow-once"
        /// Allow While Using App; on an Always prompt, Keep Only While Using.
        case whileUsing = "while-using"
        /// Always: Allow While Using App on a first prompt that offers no Always (iOS 13+, where
        /// an Always request then grants provisional Always), Always Allow where it is offered
        /// (iOS 11–12), Change to Always Allow on an Always prompt.
        case always
        /// Don't Allow; on an Always prompt, Keep Only While Using.
        case deny
        /// The user leaves the prompt unanswered: it goes away at `at` and the request changes
        /// nothing (the app may ask again). [model]
        case ignore

        /// The first prompt's button, or `nil` for `ignore`.
        var firstPrompt: SimUserAnswers.FirstPrompt? {
            switch self {
            case .allowOnce: .allowOnce
            case .whileUsing, .always: .allowWhileUsing
            case .deny: .dontAllow
            case .ignore: nil
            }
        }

        /// The Always prompt's button (also the Always half of a first prompt that asks both), or `nil` for `ignore`.
        var alwaysPrompt: SimUserAnswers.AlwaysPrompt? {
            switch self {
            case .always: .changeToAlways
            case .allowOnce, .whileUsing, .deny: .keepWhenInUse
            case .ignore: nil
            }
        }
    }

    /// Seconds from the start of the run at which the user answers: a prompt shown before waits
    /// on screen until then; one shown at or after it is answered after ``SimUserAnswers/answerDelay``.
    public var at: Double
    public var choice: Choice

    public init(at: Double, _ choice: Choice) {
        self.at = at
        self.choice = choice
    }
}

/// The authorization an app holds, as iOS tracks it (§5).
struct AuthorizationModel {
    /// What the user granted the app.
    var granted: SimAuthorizationStatus
    /// Always granted provisionally (iOS 13+): the second prompt is still to come.
    var isProvisionalAlways = false
    /// Allow Once: reverts to notDetermined when the app leaves use.
    var isTemporary = false
    var accuracy: SimAccuracyAuthorization = .fullAccuracy
    var servicesEnabled: Bool
    var alwaysPromptShown = false

    /// What apps read: services off makes every app denied; on again restores the grant.
    var effective: SimAuthorizationStatus { servicesEnabled ? granted : .denied }

    var allowsLocation: Bool { effective == .authorizedAlways || effective == .authorizedWhenInUse }
}
