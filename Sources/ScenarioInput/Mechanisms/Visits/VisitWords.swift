import Scripting

/// The visit service's words in app scripts (§11): `start-visits` and `stop-visits`.
enum VisitWords {
    static let actionNames = ["start-visits", "stop-visits"]

    static func action(word: String) -> AppScript.Action? {
        switch word {
        case "start-visits": .visits(.start)
        case "stop-visits": .visits(.stop)
        default: nil
        }
    }
}
