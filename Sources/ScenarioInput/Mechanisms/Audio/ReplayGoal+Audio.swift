import Scripting

extension ReplayGoal {
    /// Whether the app plays sound: the audio goal. Silence is a keep-alive, not what the app needs.
    static func playsAudio(_ actions: [AppScript.Action]) -> Bool {
        actions.contains(.audio(.play(silent: false)))
    }
}
