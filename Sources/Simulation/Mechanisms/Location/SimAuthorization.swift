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
