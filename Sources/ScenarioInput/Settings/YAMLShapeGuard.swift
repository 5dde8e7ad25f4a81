import CYaml

/// Looks at a YAML text's events (libyaml, as Yams uses it) before Yams builds its tree, and
/// refuses what would make that tree blow up: aliases that expand to more than
/// ``maximumNodes`` nodes (a "billion laughs"), an alias used as a mapping key (Yams hashes
/// keys, expanded, to find duplicates: exponential time), and nesting deeper than
/// ``maximumDepth`` (Yams builds the tree recursively). A scenario needs none of these.
///
/// Syntax errors are left to Yams, which reports them; this pass only stops early.
enum YAMLShapeGuard {
    /// More nodes than any scenario has: a few dozen settings and events, each a few nodes.
    static let maximumNodes = 100_000
    /// Deeper than any scenario: settings → events → event → field.
    static let maximumDepth = 64

    /// What is wrong, with the 1-based line and column of where it was seen; `nil` when fine.
    /// `maximumNodes` and `what` ("a scenario") are for files that are not scenarios.
    static func problem(in text: String, maximumNodes: Int = Self.maximumNodes, what: String = "a scenario") -> (line: Int, column: Int, message: String)? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return walk(&parser, maximumNodes: maximumNodes, what: what)
        }
    }

    /// An open sequence or mapping: its anchor, its size so far (expanded), and for a mapping
    /// whether the next child is a key.
    private struct Frame {
        var anchor: String?
        var nodes = 1
        var isMapping: Bool
        var expectsKey: Bool
    }

    private static func walk(_ parser: inout yaml_parser_t, maximumNodes: Int, what: String) -> (line: Int, column: Int, message: String)? {
        var anchors: [String: Int] = [:]  // anchor → expanded node count
        var stack: [Frame] = []
        var sawAlias = false
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            defer { yaml_event_delete(&event) }
            let place = (line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1)
            func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? { pointer.map { String(cString: $0) } }
            // Adds a finished child of `nodes` nodes to its parent; false when past the bound.
            func add(_ nodes: Int) -> Bool {
                guard !stack.isEmpty else { return nodes <= maximumNodes }
                stack[stack.count - 1].nodes += nodes
                if stack[stack.count - 1].isMapping { stack[stack.count - 1].expectsKey.toggle() }
                return stack.reduce(0) { $0 + $1.nodes } <= maximumNodes
            }
            let tooMany = (place.line, place.column, (sawAlias ? "aliases expand to" : "the file holds") + " more than \(maximumNodes) values; \(what) needs no more")
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_SCALAR_EVENT:
                if let anchor = string(event.data.scalar.anchor) { anchors[anchor] = 1 }
                if !add(1) { return tooMany }
            case YAML_ALIAS_EVENT:
                let name = string(event.data.alias.anchor) ?? ""
                sawAlias = true
                if let parent = stack.last, parent.isMapping, parent.expectsKey {
                    return (place.line, place.column, "an alias (*\(name)) cannot be a mapping key")
                }
                // An undefined alias counts as one node; Yams reports it.
                if !add(anchors[name] ?? 1) { return tooMany }
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                guard stack.count < maximumDepth else {
                    return (place.line, place.column, "nested more than \(maximumDepth) deep; \(what) needs no more")
                }
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                let anchor = isMapping ? string(event.data.mapping_start.anchor) : string(event.data.sequence_start.anchor)
                stack.append(Frame(anchor: anchor, isMapping: isMapping, expectsKey: true))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { return nil }
                if let anchor = frame.anchor { anchors[anchor] = frame.nodes }
                if !add(frame.nodes) { return tooMany }
            default:
                break
            }
        }
        return nil
    }
}
