/// `CLLocationPushServiceExtension`: the app's extension, which the system runs for each
/// `location` push without launching the app. Ask the context for a location, send it to your
/// server, then call `completion`; if that takes too long, `serviceExtensionWillTerminate()`
/// warns, and then the system terminates the extension.
///
/// ```swift
/// final class Extension: SimLocationPushServiceExtension {
///     let context: SimLocationPushServiceExtensionContext
///     init(context: SimLocationPushServiceExtensionContext) { self.context = context }
///     func didReceiveLocationPushPayload(_ payload: [String: Any], completion: @escaping @MainActor () -> Void) {
///         context.requestLocation { _ in completion() }
///     }
/// }
/// configuration.locationPushServiceExtension = { Extension(context: $0) }
/// ```
@MainActor
public protocol SimLocationPushServiceExtension: AnyObject {
    /// A `location` push arrived; call `completion` once done.
    func didReceiveLocationPushPayload(_ payload: [String: Any], completion: @escaping @MainActor () -> Void)
    /// The extension is about to be terminated: call the completion block now.
    func serviceExtensionWillTerminate()
}

extension SimLocationPushServiceExtension {
    public func serviceExtensionWillTerminate() {}
}

/// Makes the app's extension for one push, as the system instantiates the extension's principal
/// class: ``SimulationConfiguration/locationPushServiceExtension``.
public typealias SimLocationPushServiceExtensionFactory = @MainActor @Sendable (SimLocationPushServiceExtensionContext) -> any SimLocationPushServiceExtension

/// What the extension's process offers it: its own location manager's one-location request and
/// its own timers, both of which end with the extension.
@MainActor
public final class SimLocationPushServiceExtensionContext {
    /// The push this extension runs for (1 for the run's first).
    public let push: Int
    private weak var owner: LocationPushes?
    private weak var system: SimSystem?

    init(push: Int, owner: LocationPushes, system: SimSystem) {
        self.push = push
        self.owner = owner
        self.system = system
    }

    /// `CLLocationManager.requestLocation()` in the extension: `handler` gets one location, or
    /// `nil` when none can be had. Nothing comes once the extension has ended.
    public func requestLocation(_ handler: @escaping @MainActor (SimLocation?) -> Void) {
        guard let owner, let system else { return }
        owner.requestLocation(for: push, in: system, handler)
    }

    /// Runs `action` after `seconds`, unless the extension has ended by then: its own work.
    public func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) {
        guard let owner, let system else { return }
        owner.schedule(for: push, after: seconds, in: system, action)
    }
}
