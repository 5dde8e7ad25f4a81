import Simulation

/// What an app script does with location pushes (§16, iOS 15): an `AppScript.Action.locationPushes`.
public enum LocationPushScriptAction: Hashable, Sendable {
    /// `startMonitoringLocationPushes(completion:)` on the app's location manager.
    case startMonitoring
    /// `stopMonitoringLocationPushes()`.
    case stopMonitoring
    /// The extension's work, under the `location-push` trigger: it asks for one location when
    /// `location` is true, then calls its completion block `workSeconds` after the answer (or at
    /// once, and after `workSeconds`, when it asks for none).
    case answer(workSeconds: Double, location: Bool)

    /// The mechanism this action shows the app uses, for ``AppScriptOutline``'s `uses` line.
    var outlinedMechanism: AppScriptOutline.Mechanism? {
        switch self {
        case .startMonitoring: .locationPushes
        case .stopMonitoring, .answer: nil
        }
    }
}

extension ScriptedApp {
    func perform(_ action: LocationPushScriptAction) {
        switch action {
        case .startMonitoring: manager?.startMonitoringLocationPushes()
        case .stopMonitoring: manager?.stopMonitoringLocationPushes()
        // The extension's word: the app's own process has nothing to answer.
        case .answer: break
        }
    }
}

/// The extension a script describes: on each push it does the `answer` actions of its
/// `location-push` reactions, in order (the other actions are the app's, which does not run).
@MainActor
final class ScriptedLocationPushExtension: SimLocationPushServiceExtension {
    private let answers: [(workSeconds: Double, location: Bool)]
    private let context: SimLocationPushServiceExtensionContext

    private init(answers: [(workSeconds: Double, location: Bool)], context: SimLocationPushServiceExtensionContext) {
        self.answers = answers
        self.context = context
    }

    /// The script's extension; nil when it reacts to no `location-push` (the app has none).
    nonisolated static func factory(for script: AppScript) -> SimLocationPushServiceExtensionFactory? {
        guard let reactions = script.reactions[.locationPush] else { return nil }
        let answers = reactions.compactMap { action -> (workSeconds: Double, location: Bool)? in
            if case .locationPushes(.answer(let seconds, let location)) = action { (seconds, location) } else { nil }
        }
        return { ScriptedLocationPushExtension(answers: answers, context: $0) }
    }

    func didReceiveLocationPushPayload(_ payload: [String: Any], completion: @escaping @MainActor () -> Void) {
        // Without an answer the extension never calls its block: the system terminates it.
        guard let answer = answers.first else { return }
        let context = context
        guard answer.location else {
            context.schedule(after: answer.workSeconds, completion)
            return
        }
        context.requestLocation { _ in context.schedule(after: answer.workSeconds, completion) }
    }
}

extension AppScript {
    /// The Location Push Service Extension the script describes (§16): its `location-push`
    /// reactions; nil when it has none.
    public var locationPushServiceExtension: SimLocationPushServiceExtensionFactory? {
        ScriptedLocationPushExtension.factory(for: self)
    }
}

extension AppScript {
    /// The script with the `com.apple.developer.location.push` entitlement (`--explain`, §16).
    func withLocationPushEntitlement() -> AppScript {
        var script = self
        script.info.locationPushEntitlement = true
        return script
    }

    /// The script whose extension (made if it has none) answers each push with a location as soon
    /// as it comes (`--explain`, §16): its first `answer-location-push` is that.
    func answeringLocationPushesAtOnce() -> AppScript {
        var script = self
        let others = (reactions[.locationPush] ?? []).filter { if case .locationPushes(.answer) = $0 { false } else { true } }
        script.reactions[.locationPush] = [.locationPushes(.answer(workSeconds: 0, location: true))] + others
        return script
    }
}
