import ScenarioInput
import Scripting
import Simulation

extension ReplayRun {
    /// The location-push changes worth trying (§16) for an app that starts monitoring them and
    /// whose pushes go unanswered: the entitlement it lacks, Always instead of When In Use (the
    /// extension is eligible only for an Always app), and an extension (made if missing) that
    /// answers as soon as its location comes. `besides`: the changes already found.
    static func locationPushCandidates(_ settings: ResolvedReplay, _ outline: AppScriptOutline, besides: [ExplainChange]) -> [ExplainChange] {
        let script = settings.app
        guard script.allActions.contains(.locationPushes(.startMonitoring)) else { return [] }
        var changes: [ExplainChange] = []
        if !script.info.locationPushEntitlement { changes.append(.app(.declareLocationPushEntitlement)) }
        let whenInUse = outline.request == .whenInUse || settings.initialAuthorization == .authorizedWhenInUse
        if whenInUse, !besides.contains(.alwaysInsteadOfWhenInUse) { changes.append(.alwaysInsteadOfWhenInUse) }
        let answers = (script.reactions[.locationPush] ?? []).compactMap { action -> (workSeconds: Double, location: Bool)? in
            if case .locationPushes(.answer(let seconds, let location)) = action { (seconds, location) } else { nil }
        }
        if let answer = answers.first {
            if !answer.location || answer.workSeconds >= settings.profile.locationPushes.timeLimit { changes.append(.app(.answerLocationPushesAtOnce)) }
        } else {
            changes.append(.app(.answerLocationPushesAtOnce))
        }
        return changes
    }
}

extension Prose {
    /// `--explain`'s entitlement change, as it reports it.
    package static let locationPushEntitlementSetting = ("com.apple.developer.location.push", "in the app's entitlements")
    /// `--explain`'s prompt extension, as it reports it.
    package static let locationPushAnswerSetting = ("didReceiveLocationPushPayload(_:completion:)",
                                            "asks for one location and calls the completion block as soon as it comes (an extension target added if the app has none)")
}
