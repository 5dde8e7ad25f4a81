import ScenarioInput
import Scripting

/// `--explain`'s fix for VoIP pushes (§14): report every one as a call.
extension ReplayRun {
    /// The change for a VoIP app whose push handler does not always report a call.
    static func pushCandidates(_ script: AppScript) -> [ExplainChange] {
        let reportsCalls = (script.reactions[.push] ?? []).contains(.pushes(.reportCall))
        return script.info.backgroundModes.contains(.voip) && !reportsCalls ? [.app(.reportEveryVoIPPush)] : []
    }
}

extension Prose {
    /// The setting ``AppChange/reportEveryVoIPPush`` touches, and its value.
    package static let reportEveryVoIPPushSetting = (
        setting: "CXProvider.reportNewIncomingCall(with:update:completion:)",
        value: "called in every pushRegistry(_:didReceiveIncomingPushWith:for:completion:) before it returns"
    )
}
