/// "Did you mean" for every word a scenario, an app script or an option value names: the one
/// place names are matched by spelling, so that each reader says the same of a typo.
///
/// Names compare as written and also with case, `-` and `_` ignored, so `distance-filter`,
/// `distanceFiltr` and `DistanceFilter` all find `distanceFilter`.
public enum Suggestion {
    /// Lists longer than this are cut to the names nearest the word written.
    public static let longestFullList = 10
    /// How many names a cut list keeps.
    public static let nearestShown = 5
    /// Where the full lists are.
    public static let reference = "Docs/Scenarios.md"

    /// The name `word` most likely meant: the nearest by edit distance, if near enough (1 edit
    /// for a word of up to 4 letters, else 2 or a third of the word); `nil` when none is, or the
    /// word is one of them.
    public static func nearest(_ word: String, among names: [String]) -> String? {
        let key = folded(word)
        guard !key.isEmpty, !names.contains(word) else { return nil }
        let scored = names.map { (name: $0, distance: distance(key, folded($0))) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        return best.distance <= (key.count <= 4 ? 1 : max(2, key.count / 3)) ? best.name : nil
    }

    /// `; did you mean 'NAME'?`, or nothing when no name is near; to follow a message's first clause.
    public static func didYouMean(_ word: String, among names: [String]) -> String {
        nearest(word, among: names).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The names a message lists: all of them up to ``longestFullList``, else the
    /// ``nearestShown`` nearest to `word` and how many more there are.
    public static func choices(_ names: [String], near word: String) -> String {
        guard names.count > longestFullList else { return names.joined(separator: ", ") }
        let key = folded(word)
        let nearest = names.enumerated()
            .sorted { (distance(key, folded($0.element)), $0.offset) < (distance(key, folded($1.element)), $1.offset) }
            .prefix(nearestShown).map(\.element)
        return nearest.joined(separator: ", ") + " … or one of \(names.count - nearest.count) others; see \(reference)"
    }

    /// The name `written` spells: itself if it is one, else the one name it equals with case,
    /// `-` and `_` ignored (`distance-filter`, `distance_filter` and `DistanceFilter` spell
    /// `distanceFilter`; `startUpdates` spells `start-updates`). `nil` when it spells none, or
    /// more than one. The one rule every reader's keys and names are matched by.
    public static func spelled(_ written: String, among names: [String]) -> String? {
        if names.contains(written) { return written }
        let key = folded(written)
        let matches = names.filter { folded($0) == key }
        return matches.count == 1 ? matches[0] : nil
    }

    /// `word` without case, `-` or `_`: how keys and names are compared.
    public static func folded(_ word: String) -> String {
        String(word.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" })
    }

    /// Levenshtein distance over Unicode scalars, in one row of memory; words longer than 64
    /// scalars are compared by their first 64 (a hostile file may name anything).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars.prefix(64)), b = Array(b.unicodeScalars.prefix(64))
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in 1...b.count {
                let above = row[j]
                row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
