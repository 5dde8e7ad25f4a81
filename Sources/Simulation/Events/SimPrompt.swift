/// A prompt iOS shows, with the answer the simulated user gives.
public enum SimPrompt: Hashable, Sendable, Codable {
    /// The first location prompt; `then` is the Always answer when the request wanted Always
    /// and the OS asks both at once.
    case allowLocation(answer: SimUserAnswers.FirstPrompt, then: SimUserAnswers.AlwaysPrompt?)
    /// "Change to Always Allow?" after When In Use.
    case allowAlways(answer: SimUserAnswers.AlwaysPrompt)
    /// The second prompt of a provisional Always grant (iOS 13+), at the first background use.
    case keepAllowingInBackground(answer: SimUserAnswers.AlwaysPrompt)
    /// A prompt the user leaves unanswered (a scripted `ignore`, §5): it goes away after
    /// `seconds` and the request changes nothing.
    case unanswered(seconds: Double)
}
