import Scripting

/// The app `keepalive replay` runs unless a scenario gives its own `app:`: the script shipped as
/// `Tracks/Scenarios/navigation-app.yaml` (a test holds the two identical).
public enum NavigationApp {
    /// The script's text.
    public static let yaml = """
# The navigation app `keepalive replay` runs when a scenario has no `app:` of its own.
# It declares the location background mode, asks for Always, starts updates once allowed,
# and holds a background task while in the background, ended by its expiration handler.
# Command-line options (--distance-filter, --no-background-task, …) change this script.
app:
  info:
    backgroundModes: [location]
    whenInUseUsage: true
    alwaysUsage: true
  on:
    launch:
      - set:
          distanceFilter: none
          desiredAccuracy: best
          pausesLocationUpdatesAutomatically: true
          activityType: automotiveNavigation
          showsBackgroundLocationIndicator: false
          allowsBackgroundLocationUpdates: true
      - request-always
      - if: updating
        else: [{if: authorized, do: [start-updates]}]
    authorization:
      - if: updating
        else: [{if: authorized, do: [start-updates]}]
    background:
      - begin-task: {name: navigation, as: task, onExpiry: [{end-task: task}]}
    foreground:
      - end-task: task

"""

    /// The script.
    public static let script: AppScript = {
        do {
            guard let app = try ScenarioFile.parse(yaml, name: "navigation-app.yaml").app else {
                preconditionFailure("navigation-app.yaml has no app:")
            }
            return app
        } catch {
            preconditionFailure("navigation-app.yaml does not parse: \(error)")
        }
    }()
}
