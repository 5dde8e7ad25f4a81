/// The completion handler of a push or a fetch: call it once, with the result.
@MainActor
public final class SimBackgroundCompletion {
    public let kind: SimPushKind
    private weak var system: SimSystem?
    private var called = false

    init(kind: SimPushKind, system: SimSystem) {
        self.kind = kind
        self.system = system
    }

    /// Calls the completion handler.
    public func callAsFunction(_ result: SimFetchResult) {
        guard !called, let system, system.appState.isRunning else { return }
        called = true
        system.emit(PushEvent.completed(kind, result))
        system.mechanism(PushNotifications.self)?.completed(in: system)
    }
}
