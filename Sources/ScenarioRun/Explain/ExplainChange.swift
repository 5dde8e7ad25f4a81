import ScenarioInput
import Scripting

/// One change `--explain` tries: to the app's script, or to what the user grants.
public enum ExplainChange: Hashable, Sendable {
    /// A change to the app.
    case app(AppChange)
    /// The app asks for Always instead of When In Use, and the user grants it.
    case alwaysInsteadOfWhenInUse
}
