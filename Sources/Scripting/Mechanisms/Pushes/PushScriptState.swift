import Simulation

/// What a scripted app's process keeps for its pushes: the completion handler of the last push or fetch.
@MainActor
final class PushScriptState {
    var completion: SimBackgroundCompletion?
}
