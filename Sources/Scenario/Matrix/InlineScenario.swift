import Yams

/// A run's `settings:` mapping read by the scenario file's own reader, so that a matrix accepts
/// exactly the keys a scenario file does, with the same messages.
///
/// The reader takes text, so the mapping is written back to YAML and read; the line and column
/// in a message are then those of the copy, and are mapped back to the matrix file's.
enum InlineScenario {
    static func settings(_ mapping: Yams.Node.Mapping, file: String) throws(MatrixError) -> ReplaySettings {
        let original = Yams.Node.mapping(mapping)
        let copy: String
        do { copy = try Yams.serialize(node: original) } catch { throw MatrixError(usage: "\(file): cannot read a run's settings: \(error)") }
        do throws(ReplayError) {
            return try ScenarioFile.parse(copy, name: file)
        } catch {
            guard case .invalidSettings(let message) = error else { throw MatrixError(error) }
            throw MatrixError(usage: relocated(message, file: file, copy: copy, original: original))
        }
    }

    /// `message` with the copy's `FILE:LINE:COLUMN:` replaced by the original node's place.
    private static func relocated(_ message: String, file: String, copy: String, original: Yams.Node) -> String {
        let prefix = file + ":"
        guard message.hasPrefix(prefix) else { return message }
        let rest = message.dropFirst(prefix.count)
        let parts = rest.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]),
              let copied = try? Yams.compose(yaml: copy) else { return message }
        var places: [Place: Place] = [:]
        pair(copied, original, into: &places)
        guard let place = places[Place(line: line, column: column)] else { return message }
        return "\(file):\(place.line):\(place.column):\(parts[2])"
    }

    private struct Place: Hashable {
        let line: Int
        let column: Int

        init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }

        init?(_ mark: Mark?) {
            guard let mark else { return nil }
            self.init(line: mark.line, column: mark.column)
        }
    }

    /// Walks the copy and the original together, recording where each of the copy's nodes was.
    private static func pair(_ copy: Yams.Node, _ original: Yams.Node, into places: inout [Place: Place]) {
        if let from = Place(copy.mark), let to = Place(original.mark) { places[from] = to }
        switch (copy, original) {
        case (.mapping(let copied), .mapping(let originals)):
            for ((copyKey, copyValue), (key, value)) in zip(copied, originals) {
                pair(copyKey, key, into: &places)
                pair(copyValue, value, into: &places)
            }
        case (.sequence(let copied), .sequence(let originals)):
            for (copyItem, item) in zip(copied, originals) { pair(copyItem, item, into: &places) }
        default:
            break
        }
    }
}
