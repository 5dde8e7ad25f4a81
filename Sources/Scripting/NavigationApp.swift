import Simulation

/// The navigation app `keepalive replay` runs unless a scenario gives its own `app:`, as Swift
/// values; `Tracks/Scenarios/navigation-app.yaml` is the same script as a file (a test holds the
/// two equal). It declares the location background mode, asks for Always (before iOS 8, where
/// no request exists, it starts updates, which asks), starts updates once allowed, and holds a background task while in the background, ended by its expiration handler.
public enum NavigationApp {
    /// The script.
    public static let script = AppScript(
        info: SimCapabilities(backgroundModes: [.location]),
        reactions: [
            .launch: [
                .set([
                    .distanceFilter(simDistanceFilterNone), .desiredAccuracy(.best), .pausesLocationUpdatesAutomatically(true),
                    .activityType(.automotiveNavigation), .showsBackgroundLocationIndicator(false), .allowsBackgroundLocationUpdates(true),
                ]),
                // Before iOS 8 there is no request: the first start asks the user (§5).
                .when(.canRequestAuthorization, actions: [.requestAlways], otherwise: [.startUpdates]),
                startUpdatesOnceAllowed,
            ],
            .authorization: [startUpdatesOnceAllowed],
            .background: [.beginTask(name: "navigation", variable: "task", onExpiry: [.endTask(variable: "task")])],
            .foreground: [.endTask(variable: "task")],
        ])

    /// Starts updates unless they run, if the app is allowed to.
    private static let startUpdatesOnceAllowed = AppScript.Action.when(
        .updating, actions: [], otherwise: [.when(.authorized, actions: [.startUpdates], otherwise: [])])
}
