import ScenarioInput
import Scripting

/// `--explain`'s fix for background audio (§13): play again when an interruption ends.
extension ReplayRun {
    /// The change for an app that plays audio and does not play again after an interruption.
    static func audioCandidates(_ script: AppScript) -> [ExplainChange] {
        let plays = script.allActions.contains(.audio(.play(silent: false)))
        guard plays else { return [] }
        let resumes = (script.reactions[.interruption] ?? []).contains { action in
            if case .when(_, _, let otherwise) = action { otherwise.contains(.audio(.play(silent: false))) } else { false }
        }
        return resumes ? [] : [.app(.resumeAudioAfterInterruption)]
    }
}

extension Prose {
    /// The setting ``AppChange/resumeAudioAfterInterruption`` touches, and its value.
    package static let resumeAudioSetting = (
        setting: "AVAudioSession.interruptionNotification",
        value: "observed: when the interruption ends with .shouldResume, setActive(true) and play() again"
    )
}
