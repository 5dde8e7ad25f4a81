import ScenarioInput
import ScenarioRun

/// One lane of the picture's system events: marks and spans on the run's time axis, with a
/// legend of what the run put in it.
///
/// A lane keeps at most one mark per pixel column: when two land on the same column the
/// weightier one is drawn (a dropped push over a delivered one) and its tooltip lists the first
/// few of the others and counts the rest, so a day's run draws at most one mark per pixel. Spans of one style that touch are
/// merged. The legend lists what is drawn, in the order the run first used it; nothing here
/// depends on a dictionary's order, so the same run gives the same bytes.
struct PictureLane {
    /// A mark's shape.
    enum Glyph: Hashable { case tick, dot, ring, up, down, diamond, openDiamond, square, cross }
    /// A span's shape: a bar across the lane, a thin bar, a line, a dashed line.
    enum Shape: Hashable { case bar, thin, line, dashed }
    /// What a legend entry shows.
    enum Symbol: Hashable {
        case glyph(Glyph)
        case span(Shape)
    }

    struct LegendEntry: Hashable {
        let symbol: Symbol
        let color: String
        let text: String
    }

    struct Mark {
        let column: Int
        var glyph: Glyph
        var color: String
        var legend: LegendEntry?
        var weight: Int
        /// The drawn mark's line first, then those of a few others in the column.
        var titles: [String]
        /// Marks of the same column beyond those `titles` lists.
        var others: Int

        /// The tooltip: one line per event, at most `listed` of them.
        static let listed = 3
        var title: String { titles.joined(separator: "\n") + (others == 0 ? "" : "\n(and \(others) more at this point)") }
    }

    struct Span {
        let shape: Shape
        let color: String
        let legend: String?
        var from: Double
        var to: Double
        let title: String
        var others: Int
    }

    let name: String
    private(set) var marks: [Int: Mark] = [:]
    /// Marks drawn over the others and never hidden by them (a kill under a wake): one per
    /// column, the first kept, the others counted in its tooltip.
    private(set) var topMarks: [Int: Mark] = [:]
    private(set) var spans: [Span] = []
    /// Every legend entry the run used, in first use order.
    private var used: [LegendEntry] = []
    private var listed: Set<LegendEntry> = []
    /// The last span of each shape and colour, to merge the next one into.
    private var lastSpan: [String: Int] = [:]

    init(name: String) { self.name = name }

    var isEmpty: Bool { marks.isEmpty && spans.isEmpty && topMarks.isEmpty }

    /// The marks from left to right.
    var orderedMarks: [Mark] { marks.values.sorted { $0.column < $1.column } }

    /// The marks drawn on top, from left to right.
    var orderedTopMarks: [Mark] { topMarks.values.sorted { $0.column < $1.column } }

    /// The legend: every span's entry, and the entries of the marks that won their column.
    var legend: [LegendEntry] {
        let shown = Set(marks.values.compactMap(\.legend)).union(topMarks.values.compactMap(\.legend))
        return used.filter { if case .span = $0.symbol { true } else { shown.contains($0) } }
    }

    @discardableResult
    private mutating func list(_ symbol: Symbol, _ color: String, _ text: String?) -> LegendEntry? {
        guard let text else { return nil }
        let entry = LegendEntry(symbol: symbol, color: color, text: text)
        if listed.insert(entry).inserted { used.append(entry) }
        return entry
    }

    /// A mark at pixel `x`; `weight` decides which mark a crowded column shows.
    mutating func mark(_ glyph: Glyph, _ color: String, _ legendText: String?, weight: Int, at x: Double, title: String) {
        let column = Int(x.rounded())
        let entry = list(.glyph(glyph), color, legendText)
        guard var existing = marks[column] else {
            marks[column] = Mark(column: column, glyph: glyph, color: color, legend: entry, weight: weight, titles: [title], others: 0)
            return
        }
        if weight > existing.weight {
            existing.glyph = glyph
            existing.color = color
            existing.legend = entry
            existing.weight = weight
            existing.titles.insert(title, at: 0)
        } else {
            existing.titles.append(title)
        }
        if existing.titles.count > Mark.listed {
            existing.titles.removeLast()
            existing.others += 1
        }
        marks[column] = existing
    }

    /// A mark at pixel `x` drawn over the lane's other marks (offset when one shares its column),
    /// so that it is never hidden by them.
    mutating func markOnTop(_ glyph: Glyph, _ color: String, _ legendText: String?, at x: Double, title: String) {
        let column = Int(x.rounded())
        let entry = list(.glyph(glyph), color, legendText)
        guard var existing = topMarks[column] else {
            topMarks[column] = Mark(column: column, glyph: glyph, color: color, legend: entry, weight: 0, titles: [title], others: 0)
            return
        }
        if existing.titles.count < Mark.listed { existing.titles.append(title) } else { existing.others += 1 }
        topMarks[column] = existing
    }

    /// A span from pixel `from` to pixel `to`; one that touches the last of its style extends it.
    mutating func span(_ shape: Shape, _ color: String, _ legendText: String?, from: Double, to: Double, title: String) {
        list(.span(shape), color, legendText)
        let key = "\(shape)\(color)"
        if let index = lastSpan[key], from <= spans[index].to + 0.5, to >= spans[index].from - 0.5 {
            spans[index].from = min(spans[index].from, from)
            spans[index].to = max(spans[index].to, to)
            spans[index].others += 1
            return
        }
        lastSpan[key] = spans.count
        spans.append(Span(shape: shape, color: color, legend: legendText, from: from, to: max(from, to), title: title, others: 0))
    }
}
