import Foundation
import Geodesy
import ScenarioInput
import ScenarioRun
import Simulation

/// `--report FILE.svg` or `.html`: the run at a glance.
///
/// Top to bottom, on one time axis: the app's state as coloured bands; the background time left
/// against the budget (and where something held the app; one line when it always did); ticks
/// for fixes delivered, filtered and queued, and for signal loss; lanes for the system events of the
/// background mechanisms, when the run has any (`SystemEventLanes`); the speed. Below: the track's shape with
/// its start, end and the place the app last stopped running, and the summary. No mark may
/// contradict the headline: the strict reading is a footnote unless it is the policy. Drawn at
/// most one mark per pixel, so a day's run stays small; numbers are written with fixed
/// decimals, so the same run gives the same bytes.
public enum PictureReport {
    static let left = PictureAxis.left
    static let right = 30.0
    static let plotWidth = PictureAxis.plotWidth
    static let width = left + plotWidth + right

    private static let stateColors: [(SimAppState, String)] = [
        (.active, "#2e7d32"), (.inactive, "#9ccc65"), (.background, "#1e88e5"),
        (.suspended, "#9e9e9e"), (.terminated, "#c62828"), (.notRunning, "#eceff1"),
    ]

    public static func svg(_ outcome: ReplayOutcome) -> String {
        let digest = outcome.reportDigest
        return svg(outcome, events: digest.pictureEvents, folded: digest.pictureMomentsFolded)
    }

    /// The picture, drawn from `events`: the run's whole log, or the digest's (every key moment,
    /// or past its cap a few per pixel column, and a few fixes per pixel column); `folded`, the
    /// key moments the digest left out, is said in the summary.
    static func svg(_ outcome: ReplayOutcome, events: [SimEvent], folded: Int = 0) -> String {
        var svg = SVG()
        let summary = outcome.result.summary
        let duration = max(summary.durationSeconds, 1)
        let x = axis(duration)

        // Title, the goal's answer (one line per goal), then the lifecycle sentence that explains it.
        svg.text(24, 32, "keepalive replay — \(outcome.track)", size: 18, weight: "bold")
        let header = headerLines(summary)
        for (index, line) in header.enumerated() {
            svg.text(24, 54 + Double(index) * 17, line.text, size: line.size, weight: line.bold ? "bold" : nil, fill: line.color)
        }
        // Lines past the second move everything under them down.
        let top = Double(max(header.count - 2, 0)) * 17
        if top > 0 { svg.open(translateY: top) }

        drawStates(events, duration: duration, x: x, into: &svg)

        // The budget panel: a chart where the budget counted, one line when it never did;
        // everything under a collapsed panel moves up by what it saved.
        let budget = budgetTrace(outcome, events, duration: duration)
        let lift = budget.collapsed ? -collapsedBudgetSaving : 0

        // The goal's gaps in a row of their own, then the system events, lane by lane; everything
        // below them moves down by their height.
        let gaps = numberedGaps(summary)
        let gapRow = gaps.isEmpty ? 0.0 : 30
        let lanes = systemEventLanes(events, duration: summary.durationSeconds)
        let lanesTop = 388.0 + lift + gapRow, lanePitch = 36.0
        let shift = lift + gapRow + (lanes.isEmpty ? 0 : Double(lanes.count) * lanePitch + 4)
        let lineBottom = 470 + shift

        drawBudget(budget, summary, lineBottom: lineBottom, x: x, into: &svg)

        drawFixes(events, top: 306 + lift, x: x, into: &svg)

        for (index, lane) in lanes.enumerated() {
            draw(lane, top: lanesTop + Double(index) * lanePitch, into: &svg)
        }

        drawSpeedAndAxis(outcome, duration: duration, shift: shift, x: x, into: &svg)

        // Over everything on the time axis, the gaps as translucent bands, numbered in their row.
        if !gaps.isEmpty { drawGaps(gaps, row: 388 + lift, bottom: lineBottom, x: x, into: &svg) }

        // Track shape.
        let keyLines = drawTrack(outcome, gaps: gaps, stops: runningEnds(events), into: &svg, box: (40, 505 + shift, 440, 220))
        // A key of more than one line moves the list under it down.
        let keyExtra = Double(max(keyLines - 1, 0)) * mapKeyPitch

        // Summary, then the strict reading as a footnote when it is not the run's policy.
        var lineY = 520.0 + shift
        let rows = summaryRows(outcome, folded: folded)
        for (name, value) in rows {
            svg.text(520, lineY, name, size: 12, fill: "#607d8b")
            svg.text(700, lineY, value, size: 12)
            lineY += 19
        }
        for line in strictFootnote(summary).flatMap({ wrapped($0, width: footnoteWidth) }) {
            svg.text(520, lineY, line, size: 10, fill: "#78909c")
            lineY += 14
        }
        // The numbered gaps in words, under the map and the summary.
        let listTop = max(760 + shift + keyExtra, lineY + 10)
        // Lines longer than the picture is wide (about 170 characters at 11 px) go on, indented.
        let listed = gapList(summary).enumerated().flatMap { index, line in
            wrapped(line, width: 170).enumerated().map { (part, text) in (title: index == 0, text: part == 0 ? text : "    " + text) }
        }
        for (index, line) in listed.enumerated() {
            svg.text(24, listTop + Double(index) * 16, line.text, size: 11, weight: line.title ? "bold" : nil, fill: line.title ? "#263238" : "#455a64", preserveSpaces: true)
        }
        if top > 0 { svg.close() }
        // Tall enough for the summary's rows (a run in many states has more of them than the map is high).
        let height = (listed.isEmpty ? max(760 + shift + keyExtra, lineY - 5) : listTop + Double(listed.count) * 16 + 8) + top
        return svg.document(width: width, height: height)
    }

    /// The gaps drawn and numbered: at most ``labelledGaps`` carry a number (and a line in the
    /// list under the picture); every gap the coverage kept is drawn as a band.
    static let labelledGaps = Prose.gapLinesShown

    /// A gap of one of the run's goals, with its number in the picture (1…) or none past ``labelledGaps``.
    struct NumberedGap {
        let gap: SimGap
        let goal: SimGoal
        let number: Int?
    }

    /// Every kept gap of every goal, in the goals' order, numbered from 1 up to ``labelledGaps``.
    static func numberedGaps(_ summary: SimSummary) -> [NumberedGap] {
        var result: [NumberedGap] = []
        for coverage in summary.coverage {
            for gap in coverage.gaps {
                result.append(NumberedGap(gap: gap, goal: coverage.goal, number: result.count < labelledGaps ? result.count + 1 : nil))
            }
        }
        return result
    }

    /// A line of the header: its text, size, weight and colour.
    private struct HeaderLine {
        let text: String
        let size: Double
        let bold: Bool
        let color: String
    }

    /// The goal's answer in a line per goal (green met, red missed), then the sentence in grey;
    /// without a goal, the sentence in the verdict's colour as before.
    private static func headerLines(_ summary: SimSummary) -> [HeaderLine] {
        // The strict reading is a footnote unless it is the run's policy.
        let text = Prose.sentence(summary, strictReading: summary.policy == .delivery)
        let sentence = wrapped(text, width: 140).prefix(2)
        guard !summary.coverage.isEmpty else {
            return wrapped(text, width: 130).prefix(2).map { HeaderLine(text: $0, size: 14, bold: false, color: verdictColor(summary.verdict)) }
        }
        let goals = summary.coverage.flatMap { coverage in
            wrapped(Prose.headline(coverage), width: 120).map { HeaderLine(text: $0, size: 14, bold: true, color: coverage.met ? "#2e7d32" : "#c62828") }
        }
        return goals + sentence.map { HeaderLine(text: $0, size: 12, bold: false, color: "#546e7a") }
    }

    /// The list under the picture: a title, "gap N …" for each numbered gap, and how many more.
    static func gapList(_ summary: SimSummary) -> [String] {
        let gaps = numberedGaps(summary)
        guard !gaps.isEmpty else { return [] }
        var lines = ["Gaps (the numbers on the time axis and the map; each from the last fix, pale until the goal's allowance ran out):"]
        for item in gaps {
            guard let number = item.number else { break }
            lines.append("gap \(number) " + Prose.gap(item.gap, of: item.goal))
        }
        let total = summary.coverage.reduce(0) { $0 + $1.gapCount }
        if total > labelledGaps { lines.append("… and \(total - labelledGaps) more gaps") }
        return lines
    }

    /// The gaps as translucent bands from the state bar down to `bottom`, and in their row (from
    /// `row`) as red bars at least 3 px wide with their numbers over their middles, laid out by
    /// ``gapLabels(_:)``; how many numbers were folded is written under the row's name. Bands a
    /// pixel apart are merged. A gap runs from its anchor (the last fix, §4); its bar is pale
    /// until its first missed second.
    private static func drawGaps(_ gaps: [NumberedGap], row: Double, bottom: Double, x: (Double) -> Double, into svg: inout SVG) {
        var bands: [(Double, Double)] = []
        for item in gaps {
            let (from, to) = widened(x(item.gap.from), x(item.gap.to), minimum: 3)
            if let last = bands.last, from <= last.1 + 1 { bands[bands.count - 1].1 = max(last.1, to) } else { bands.append((from, to)) }
        }
        for band in bands {
            svg.band(band.0, 80, band.1 - band.0, bottom - 80, fill: "#e53935", opacity: 0.13)
            svg.rect(band.0, row + 13, band.1 - band.0, 8, fill: "#e53935")
        }
        // The allowance before each first missed second, where it spans a pixel or more (gaps are
        // disjoint, so these are too).
        for item in gaps where x(item.gap.firstMissed) - x(item.gap.from) >= 1 {
            svg.rect(x(item.gap.from), row + 13, x(item.gap.firstMissed) - x(item.gap.from), 8, fill: "#ef9a9a")
        }
        let layout = gapLabels(gaps.compactMap { item in
            item.number.map { ($0, (x(item.gap.from) + x(item.gap.to)) / 2) }
        })
        for label in layout.placed {
            svg.text(label.x, row + 10 - Double(label.level) * gapLabelPitch, "\(label.number)", size: 10, weight: "bold", anchor: "middle", fill: "#b71c1c")
        }
        if layout.folded.isEmpty {
            svg.label(110, row + 21, "goal gaps")
        } else {
            svg.label(110, row + 15, "goal gaps")
            let count = layout.folded.count
            svg.text(110, row + 27, "\(count) number\(count == 1 ? "" : "s") folded", size: 10, anchor: "end", fill: "#78909c")
        }
    }

    /// A gap's number as placed over its row: `level` 0 just over the bars, 1 stacked above it.
    struct GapLabel: Equatable {
        let number: Int
        let x: Double
        let level: Int
    }

    /// Pixels between the two levels of gap numbers (their font is 10 px).
    static let gapLabelPitch = 10.0
    /// Pixels kept clear between two numbers on one level.
    static let gapLabelSpacing = 2.0

    /// The half width of a gap's number at 10 px, bold: 3.2 px a digit.
    static func gapLabelHalfWidth(_ number: Int) -> Double { Double(String(number).count) * 3.2 }

    /// Where the numbers go: each over its gap's middle (kept within the axis), in the order of
    /// the middles, on the lowest of the two levels where it keeps ``gapLabelSpacing`` from the
    /// number before it on that level; a number that fits on neither is folded (its gap keeps
    /// its bar and its line in the list).
    static func gapLabels(_ wanted: [(number: Int, centre: Double)]) -> (placed: [GapLabel], folded: [Int]) {
        var placed: [GapLabel] = [], folded: [Int] = []
        var rightEdge = [-Double.infinity, -Double.infinity]
        for (number, centre) in wanted.sorted(by: { ($0.centre, $0.number) < ($1.centre, $1.number) }) {
            let half = gapLabelHalfWidth(number)
            let x = min(max(centre, left + half), left + plotWidth - half)
            guard let level = rightEdge.indices.first(where: { rightEdge[$0] + gapLabelSpacing <= x - half }) else {
                folded.append(number)
                continue
            }
            placed.append(GapLabel(number: number, x: x, level: level))
            rightEdge[level] = x + half
        }
        return (placed, folded.sorted())
    }

    /// `from`…`to` widened around its middle to at least `minimum` pixels.
    private static func widened(_ from: Double, _ to: Double, minimum: Double) -> (Double, Double) {
        guard to - from < minimum else { return (from, to) }
        let middle = (from + to) / 2
        return (middle - minimum / 2, middle + minimum / 2)
    }

    /// The app's state as coloured bands, with their legend.
    private static func drawStates(_ events: [SimEvent], duration: Double, x: (Double) -> Double, into svg: inout SVG) {
        // App states.
        svg.label(110, 97, "app state")
        var segments: [(start: Double, end: Double, state: SimAppState)] = []
        var state = SimAppState.notRunning
        var since = 0.0
        for event in events where event.state != state {
            segments.append((since, event.time, state))
            state = event.state
            since = event.time
        }
        segments.append((since, duration, state))
        for segment in segments where segment.end > segment.start {
            svg.rect(x(segment.start), 80, x(segment.end) - x(segment.start), 28, fill: color(segment.state))
        }
        var legendX = left
        for (state, fill) in stateColors {
            svg.rect(legendX, 118, 10, 10, fill: fill)
            svg.text(legendX + 14, 127, state.rawValue, size: 11)
            legendX += 14 + Double(state.rawValue.count) * 6.5 + 18
        }
    }

    /// Pixels the budget panel gives back when it collapses to a line (its chart, 150…290, becomes 150…170).
    static let collapsedBudgetSaving = 120.0

    /// The background budget as the picture draws it, in seconds from the start: the curves of
    /// the time left where it counted, the stretches in the background where something held the
    /// app (no budget counting), and what held it.
    struct BudgetTrace {
        var curves: [[(time: Double, remaining: Double)]] = []
        var held: [(from: Double, to: Double)] = []
        /// What held the app, in the order first seen: a location session, audio, …
        var holders: [String] = []

        /// No background time was ever counted: the panel is one line, not an empty chart.
        var collapsed: Bool { curves.isEmpty }

        /// "a location session", or the holders named.
        var holderNames: String { holders.isEmpty ? "a location session" : holders.joined(separator: ", ") }
    }

    /// The budget between events, run as the simulation's own `BackgroundBudget` runs it.
    static func budgetTrace(_ outcome: ReplayOutcome, _ events: [SimEvent], duration: Double) -> BudgetTrace {
        var trace = BudgetTrace()
        var curve: [(time: Double, remaining: Double)] = []
        var previous: SimEvent?
        var asleep = false
        let pausesWhileAsleep = !outcome.settings.profile.budgetRunsWhileAsleep
        func closeCurve() {
            // Only where time passed: the instant the app leaves, before a hold takes it, counts nothing.
            if let first = curve.first, let last = curve.last, last.time > first.time { trace.curves.append(curve) }
            curve = []
        }
        // The run's end closes the last span: an event there that changes nothing (an empty log line).
        for event in events + [SimEvent(time: duration, detail: .appLog(""), state: events.last?.state ?? .notRunning)] {
            if let before = previous, before.state == .background {
                if let remaining = before.remaining {
                    var budget = BackgroundBudget(seconds: remaining, pausesWhileAsleep: pausesWhileAsleep)
                    budget.setCounting(budget.counts(asleep: asleep), at: SimInstant(seconds: before.time))
                    let projected = event.remaining ?? budget.remaining(at: SimInstant(seconds: event.time))
                    if curve.isEmpty { curve.append((before.time, remaining)) }
                    curve.append((event.time, projected))
                } else {
                    closeCurve()
                    if event.time > before.time { trace.held.append((before.time, event.time)) }
                }
            }
            if event.remaining == nil || event.state != .background { closeCurve() }
            if event.kind == .deviceLock { asleep = true }
            if event.kind == .deviceUnlock { asleep = false }
            previous = event
        }
        closeCurve()
        for case .keepAliveStart(let hold) in events.lazy.map(\.detail) where !trace.holders.contains(Prose.text(hold)) {
            trace.holders.append(Prose.text(hold))
        }
        return trace
    }

    /// The background time left against the budget, where something held the app, and the line
    /// where the app stopped (and, under `--policy delivery`, where the strict reading differs).
    /// When the budget never counted, one line says why instead of an empty chart.
    private static func drawBudget(_ trace: BudgetTrace, _ summary: SimSummary, lineBottom: Double, x: (Double) -> Double, into svg: inout SVG) {
        let top = 150.0, bottom = trace.collapsed ? top + 20 : 290.0
        let budget = summary.budgetSeconds
        let heldSpans = merged(trace.held.map { (x($0.from), x($0.to)) })
        if trace.collapsed {
            svg.label(110, top + 16, "background time")
            let line = trace.held.isEmpty
                ? "no background time used: the app never ran in the background on its own"
                : "held by \(trace.holderNames) whenever in the background: no background time used"
            svg.text(left + 4, top + 16, "\(line) (budget \(Formatting.short(budget)) s)", size: 11, fill: trace.held.isEmpty ? "#607d8b" : "#2e7d32")
            for span in heldSpans { svg.line(span.0, top, span.1, top, stroke: "#2e7d32", width: 4) }
        } else {
            func y(_ remaining: Double) -> Double { bottom - min(max(remaining, 0), budget) / budget * (bottom - top) }
            svg.label(110, 190, "background")
            svg.label(110, 204, "time left (s)")
            // Where something held the app, a pale band the chart's height: full, not empty.
            for span in heldSpans { svg.band(span.0, top, span.1 - span.0, bottom - top, fill: "#2e7d32", opacity: 0.07) }
            svg.line(left, top, left + plotWidth, top, stroke: "#90a4ae", dash: "4 4")
            svg.line(left, bottom, left + plotWidth, bottom, stroke: "#90a4ae")
            svg.text(left + plotWidth - 4, top - 4, "budget \(Formatting.short(budget)) s", size: 11, anchor: "end", fill: "#607d8b")
            // The axis in seconds: 0 at the bottom, the budget at the top.
            svg.text(left - 6, bottom + 4, "0 s", size: 11, anchor: "end", fill: "#607d8b")
            svg.text(left - 6, top + 4, "\(Formatting.short(budget)) s", size: 11, anchor: "end", fill: "#607d8b")
            for curve in trace.curves { svg.polyline(curve.map { (x($0.time), y($0.remaining)) }, stroke: "#1e88e5", width: 2) }
            for span in heldSpans { svg.line(span.0, top, span.1, top, stroke: "#2e7d32", width: 4) }
            if !heldSpans.isEmpty {
                svg.text(left + 4, top + 14, "green: held by \(trace.holderNames), no background time used", size: 11, fill: "#2e7d32")
            }
        }
        if let end = summary.suspendedAt ?? summary.terminatedAt {
            svg.line(x(end), 76, x(end), lineBottom, stroke: "#c62828", width: 1.5)
            svg.text(x(end) + 4, 143, "\(summary.verdict.rawValue) \(Formatting.clock(end))", size: 11, fill: "#c62828")
        }
        // The strict reading is a line only where it is the run's reading; else a footnote (``strictFootnote(_:)``).
        if summary.policy == .delivery, summary.strictVerdict != .keptAlive, let strict = summary.strictSuspendedAt, strict != (summary.suspendedAt ?? summary.terminatedAt) {
            svg.line(x(strict), top, x(strict), lineBottom, stroke: "#ef6c00", width: 1.5, dash: "6 3")
            svg.text(x(strict) + 4, bottom - 6, "strict reading: \(summary.strictVerdict.rawValue) \(Formatting.clock(strict))", size: 11, fill: "#ef6c00")
        }
    }

    /// Characters of a 10 px footnote line in the summary's column (480 px).
    static let footnoteWidth = 84

    /// The strict delivery reading in words, under the summary, when it is not the run's policy
    /// (`--policy session`): not a mark on the time axis, which would outshine the run's own answer.
    static func strictFootnote(_ summary: SimSummary) -> [String] {
        switch summary.policy {
        case .delivery: return []
        case .session:
            let answer = switch summary.strictVerdict {
            case .keptAlive: "kept alive too"
            case .foregroundOnly: "the app never went to the background"
            case .suspended, .terminated, .crashed: "\(summary.strictVerdict.rawValue) at \(Formatting.clock(summary.strictSuspendedAt ?? 0))"
            }
            return ["* Under the strict delivery reading (--policy delivery, not this run's): \(answer)."]
        }
    }

    /// A tick per pixel column for the fixes delivered, filtered and queued, and for signal loss
    /// (`top`, 306 under a full budget panel, is the first row's).
    private static func drawFixes(_ events: [SimEvent], top: Double, x: (Double) -> Double, into svg: inout SVG) {
        // Fixes.
        svg.label(110, top + 16, "fixes")
        let rows: [(SimEvent.Kind, Double, String, String)] = [
            (.fixDelivered, top, "#2e7d32", "delivered"), (.fixFiltered, top + 14, "#9e9e9e", "filtered"),
            (.fixQueued, top + 28, "#ef6c00", "queued"), (.fixUnavailable, top + 42, "#c62828", "no signal"),
        ]
        var any = false
        for (kind, rowTop, stroke, _) in rows {
            var columns = Set<Int>()
            for event in events where event.kind == kind { columns.insert(Int(x(event.time).rounded())) }
            if !columns.isEmpty { svg.ticks(columns.sorted(), top: rowTop, height: 12, stroke: stroke) }
            any = any || !columns.isEmpty
        }
        // An app that runs no location updates: say so, rather than a legend for an empty lane.
        guard any else {
            svg.text(left, top + 20, "none: the app ran no location updates", size: 11, fill: "#78909c")
            return
        }
        var legend = left
        for (_, _, stroke, name) in rows {
            svg.rect(legend, top + 60, 10, 10, fill: stroke)
            svg.text(legend + 14, top + 69, name, size: 11)
            legend += 14 + Double(name.count) * 6.5 + 18
        }
    }

    /// The speed, with signal loss shaded, and the time axis under it.
    private static func drawSpeedAndAxis(_ outcome: ReplayOutcome, duration: Double, shift: Double, x: (Double) -> Double, into svg: inout SVG) {
        // Speed, with signal loss shaded. Pieces may overlap in time (a later segment starting
        // before the previous one ended): only real gaps are shaded, never a reversed range.
        let speedTop = 390.0 + shift, speedBottom = 460.0 + shift
        for (before, after) in zip(outcome.trajectory.pieces, outcome.trajectory.pieces.dropFirst()) {
            guard let end = before.last?.time, let start = after.first?.time, start > end else { continue }
            svg.rect(x(end), speedTop, max(1, x(start) - x(end)), speedBottom - speedTop, fill: "#ffebee")
        }
        var speeds: [(Double, Double?)] = []
        for column in 0...Int(plotWidth) {
            let t = outcome.trajectory.startTime + Double(column) / plotWidth * duration
            speeds.append((left + Double(column), outcome.trajectory.position(at: t).flatMap { plottedSpeed($0.speed) }))
        }
        let topSpeed = max(10, ((speeds.compactMap(\.1).max() ?? 0) / 10).rounded(.up) * 10)
        var run: [(Double, Double)] = []
        for (px, kmh) in speeds {
            if let kmh { run.append((px, speedBottom - min(kmh, topSpeed) / topSpeed * (speedBottom - speedTop))) } else {
                if run.count > 1 { svg.polyline(run, stroke: "#6d4c41", width: 1.5) }
                run = []
            }
        }
        if run.count > 1 { svg.polyline(run, stroke: "#6d4c41", width: 1.5) }
        svg.label(110, 420 + shift, "speed")
        svg.text(left - 6, speedTop + 8, "\(Formatting.short(topSpeed)) km/h", size: 11, anchor: "end", fill: "#607d8b")
        svg.line(left, speedBottom, left + plotWidth, speedBottom, stroke: "#90a4ae")

        // Time axis.
        svg.text(left - 30, speedBottom + 18, "time (h:mm:ss)", size: 11, anchor: "end", fill: "#607d8b")
        let step = tickStep(duration)
        var tick = 0.0
        while tick <= duration + 0.001 {
            svg.line(x(tick), speedBottom, x(tick), speedBottom + 5, stroke: "#607d8b")
            svg.text(x(tick), speedBottom + 18, Formatting.clock(tick), size: 11, anchor: "middle", fill: "#607d8b")
            tick += step
        }
    }

    /// The picture in a page, with what reproduces it: the command line as given (`commandLine`,
    /// the program's name first), the settings and the profile, the goals' coverage with every
    /// gap kept, the `--explain` result when it ran; then the key moments.
    public static func html(_ outcome: ReplayOutcome, commandLine: [String]? = nil, explanation: Explanation? = nil) -> String {
        let summary = outcome.result.summary
        let digest = outcome.reportDigest
        func cell(_ text: String) -> String { "<td>\(SafeText.xml(text))</td>" }
        let heading = summary.coverage.isEmpty ? Prose.sentence(summary) : summary.coverage.map(Prose.headline).joined(separator: " ")
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>keepalive replay — \(SafeText.xml(outcome.track))</title>
            <style>
            body { font-family: -apple-system, "Helvetica Neue", Arial, sans-serif; margin: 24px; color: #263238; }
            h1 { font-size: 20px; } h1.met { color: #2e7d32; } h1.missed { color: #c62828; }
            table { border-collapse: collapse; font-size: 13px; }
            td, th { padding: 2px 10px 2px 0; vertical-align: top; text-align: left; }
            td.time { font-variant-numeric: tabular-nums; color: #607d8b; white-space: nowrap; }
            pre { background: #f5f7f8; padding: 8px; white-space: pre-wrap; }
            </style>
            </head>
            <body>
            <h1\(summary.goalMet.map { $0 ? " class=\"met\"" : " class=\"missed\"" } ?? "")>\(SafeText.xml(heading))</h1>
            <p>\(SafeText.xml(Prose.sentence(summary, strictReading: summary.policy == .delivery)))</p>

            """
        // The strict reading, when it is not the run's policy, as the picture has it: a footnote.
        for line in strictFootnote(summary) { page += "<p><small>\(SafeText.xml(line))</small></p>\n" }
        if let commandLine, !commandLine.isEmpty {
            // The program as `keepalive`, wherever it was run from; the arguments as given.
            page += "<h2>Command</h2>\n<pre>\(SafeText.xml(SafeText.shell(["keepalive"] + commandLine.dropFirst())))</pre>\n"
        }
        page += "<h2>Settings</h2>\n<table>\n"
        for (name, value) in TimelineReport.settingRows(outcome) { page += "<tr>\(cell(name))\(cell(value))</tr>\n" }
        page += "</table>\n"
        // The run's events as a scenario file writes them: leaving the app and locking (from
        // their options or their defaults), then the scenario's own, in time order.
        let timeline = outcome.settings.timeline
        if !timeline.isEmpty {
            page += "<h3>Events</h3>\n<table>\n<tr><th>at</th><th>do</th><th>values</th></tr>\n"
            for event in timeline {
                page += "<tr><td class=\"time\">\(Formatting.clock(event.time)) (\(JSONValue.number(event.time)) s)</td>\(cell(ScenarioFile.verb(event.action)))\(cell(Prose.fieldsText(event.action)))</tr>\n"
            }
            page += "</table>\n"
        }
        if !summary.coverage.isEmpty {
            page += "<h2>Goals and coverage</h2>\n<table>\n<tr><th>goal</th><th>wants</th><th>met</th><th>covered</th><th>not covered</th><th>longest gap</th><th>gaps</th></tr>\n"
            for coverage in summary.coverage {
                let uncovered = Formatting.duration(coverage.uncoveredSeconds) + (coverage.uncoveredMetres > 0 ? " (\(Prose.distance(coverage.uncoveredMetres)))" : "")
                page += "<tr>\(cell(Prose.name(coverage.goal)))\(cell(Prose.text(coverage.goal)))\(cell(coverage.met ? "met" : "missed"))\(cell(Prose.percent(coverage.fraction)))\(cell(uncovered))\(cell(Formatting.duration(coverage.longestGapSeconds)))\(cell("\(coverage.gapCount)"))</tr>\n"
            }
            page += "</table>\n"
            let gaps = numberedGaps(summary)
            if !gaps.isEmpty {
                // From the anchor (a location goal's last fix) to the end, the span's travel; the
                // uncovered seconds from the first missed one.
                page += "<h3>Gaps</h3>\n<table>\n<tr><th>#</th><th>from</th><th>first missed</th><th>to</th><th>distance</th><th>uncovered</th><th>why</th><th>closed</th></tr>\n"
                for (index, item) in gaps.enumerated() {
                    let gap = item.gap
                    let closed = Prose.gapEnd(gap, of: item.goal)
                    let distance = gap.metres > 0 ? Prose.distance(gap.metres) : "-"
                    let time = { (seconds: Double) in "<td class=\"time\">\(Formatting.clock(seconds))</td>" }
                    page += "<tr>\(cell("\(index + 1)"))\(time(gap.from))\(time(gap.firstMissed))\(time(gap.to))\(cell(distance))\(cell(Formatting.duration(gap.seconds)))\(cell(Prose.gapCause(gap.causes, of: item.goal)))\(cell(closed))</tr>\n"
                }
                page += "</table>\n"
                let total = summary.coverage.reduce(0) { $0 + $1.gapCount }
                if total > gaps.count { page += "<p>… and \(total - gaps.count) more gaps, not kept (a coverage keeps the first \(SimCoverage.maximumGaps) of each goal).</p>\n" }
            }
        }
        if let explanation {
            // One escaped line at a time: the <pre> keeps the line breaks between them.
            page += "<h2>--explain</h2>\n<pre>\(Prose.lines(explanation, summary: summary).map(SafeText.xml).joined(separator: "\n"))</pre>\n"
        }
        page += "<h2>Picture</h2>\n" + svg(outcome, events: digest.pictureEvents, folded: digest.pictureMomentsFolded)
        // The timeline's key moments, folded where the text timeline folds them.
        page += "<h2>Key moments</h2>\n<table>\n"
        for (index, entry) in digest.timeline.enumerated() {
            if let fold = digest.timelineFold, fold.index == index {
                page += "<tr><td class=\"time\">…</td><td></td><td>\(SafeText.xml(TimelineReport.foldText(fold)))</td></tr>\n"
            }
            guard case .moment(let event) = entry else { continue }
            page += "<tr><td class=\"time\">\(Formatting.clock(event.time))</td><td>\(event.state.rawValue)</td><td>\(SafeText.xml(Prose.message(event)))</td></tr>\n"
        }
        page += "</table>\n</body>\n</html>\n"
        return page
    }

    // MARK: Parts

    /// Seconds from the start to pixels on the time axis, clamped to the run.
    static func axis(_ duration: Double) -> (Double) -> Double {
        { t in left + min(max(t, 0), duration) / duration * plotWidth }
    }

    /// The system-event lanes the picture draws for a run, on its time axis.
    static func systemEventLanes(_ outcome: ReplayOutcome) -> [PictureLane] {
        systemEventLanes(outcome.reportDigest.pictureEvents, duration: outcome.result.summary.durationSeconds)
    }

    private static func systemEventLanes(_ events: [SimEvent], duration: Double) -> [PictureLane] {
        let duration = max(duration, 1)
        return SystemEventLanes.lanes(events, end: duration, x: axis(duration))
    }

    /// One lane: a pale band with its name, its spans, its marks (each with the event's line as a
    /// tooltip), and under it a legend of what this run put in it.
    static func draw(_ lane: PictureLane, top: Double, into svg: inout SVG) {
        let middle = top + 8
        svg.rect(left, top, plotWidth, 16, fill: "#f5f7f8")
        svg.label(110, middle + 4, lane.name)
        for span in lane.spans {
            let title = span.others == 0 ? span.title : "\(span.title) (and \(span.others) more)"
            svg.span(span.shape, span.from, span.to, middle, color: span.color, title: title)
        }
        for mark in lane.orderedMarks {
            svg.glyph(mark.glyph, Double(mark.column), middle, color: mark.color, title: mark.title)
        }
        // Over them, a little to the right of a mark they share a pixel with, so both show.
        for mark in lane.orderedTopMarks {
            let offset = lane.marks[mark.column] == nil ? 0.0 : 6
            svg.glyph(mark.glyph, Double(mark.column) + offset, middle, color: mark.color, title: mark.title)
        }
        var legendX = left
        for entry in lane.legend {
            let width = 14 + Double(entry.text.count) * 6.2 + 16
            guard legendX + width - 16 <= left + plotWidth else { break }
            switch entry.symbol {
            case .glyph(let glyph): svg.glyph(glyph, legendX + 5, top + 25, color: entry.color)
            case .span(let shape): svg.span(shape, legendX, legendX + 10, top + 25, color: entry.color)
            }
            svg.text(legendX + 14, top + 29, entry.text, size: 11)
            legendX += width
        }
    }

    /// A speed in m/s as the km/h the plot draws: a recorded `<speed>` can be anything a file
    /// holds, so negative ones read 0, faster than light is light, and NaN is not drawn.
    private static func plottedSpeed(_ metresPerSecond: Double) -> Double? {
        guard !metresPerSecond.isNaN else { return nil }
        return min(max(metresPerSecond, 0), SimLimits.speeds.upperBound) * 3.6
    }

    /// Every end of running code, in seconds from the start: each moment the app went from
    /// running (on screen or in the background) to suspended, terminated or not running.
    static func runningEnds(_ events: [SimEvent]) -> [Double] {
        var ends: [Double] = []
        var running = false
        for event in events {
            let now = isRunning(event.state)
            if running, !now { ends.append(event.time) }
            running = now
        }
        return ends
    }

    private static func isRunning(_ state: SimAppState) -> Bool {
        switch state {
        case .active, .inactive, .background: true
        case .suspended, .terminated, .notRunning: false
        }
    }

    /// The map's key for the stop mark: the last end of running code and how many there were.
    static func stopKey(_ ends: [Double]) -> String? {
        guard let last = ends.last else { return nil }
        let count = ends.count == 1 ? "" : ", the last of \(ends.count) stops"
        return "✕ where the app last stopped running (\(Formatting.clock(last))\(count))"
    }

    /// The track's shape, its gaps, start, end and stop mark; returns how many lines its key took.
    private static func drawTrack(_ outcome: ReplayOutcome, gaps: [NumberedGap], stops: [Double], into svg: inout SVG, box: (x: Double, y: Double, width: Double, height: Double)) -> Int {
        let pieces = outcome.trajectory.pieces
        guard let first = pieces.first?.first, let last = pieces.last?.last else { return 0 }
        svg.rect(box.x, box.y, box.width, box.height, fill: "#fafafa", stroke: "#cfd8dc")
        // The extent in one pass: the track is drawn in time linear in its length.
        var minLatitude = Double.infinity, maxLatitude = -Double.infinity
        var minLongitude = Double.infinity, maxLongitude = -Double.infinity
        for piece in pieces {
            for sample in piece {
                minLatitude = min(minLatitude, sample.coordinate.latitude)
                maxLatitude = max(maxLatitude, sample.coordinate.latitude)
                minLongitude = min(minLongitude, sample.coordinate.longitude)
                maxLongitude = max(maxLongitude, sample.coordinate.longitude)
            }
        }
        let midLatitude = ((minLatitude + maxLatitude) / 2) * .pi / 180
        let spanX = max((maxLongitude - minLongitude) * cos(midLatitude), 1e-6)
        let spanY = max(maxLatitude - minLatitude, 1e-6)
        let scale = min((box.width - 20) / spanX, (box.height - 20) / spanY)
        let offsetX = box.x + (box.width - spanX * scale) / 2
        let offsetY = box.y + (box.height - spanY * scale) / 2
        let cosMid = cos(midLatitude)
        func point(_ c: GeoCoordinate) -> (Double, Double) {
            (offsetX + (c.longitude - minLongitude) * cosMid * scale, offsetY + (maxLatitude - c.latitude) * scale)
        }
        // The gaps, under the track: a wide translucent red stroke along the stretch each covers.
        // The stop mark at the last end of running code: an app woken again after its first
        // suspension ran on from there.
        let stop = stops.last.map { when in
            let time = outcome.trajectory.startTime + when
            return point(outcome.trajectory.position(at: time)?.coordinate ?? nearest(pieces, to: time))
        }
        let folded = drawGaps(gaps, on: outcome.trajectory, point: point, avoiding: stop.map { [$0] } ?? [], into: &svg)
        for piece in outcome.trajectory.pieces {
            // Written point by point: a year's track can be hundreds of thousands of points.
            var path = svg.openPolyline()
            for sample in piece {
                let p = point(sample.coordinate)
                if let last = path.last, abs(last.0 - p.0) < 0.5, abs(last.1 - p.1) < 0.5 { continue }
                path.add(p, into: &svg)
            }
            if let only = path.only { svg.circle(only.0, only.1, 2, fill: "#6d4c41") }
            path.close(stroke: "#6d4c41", width: 2, into: &svg)
        }
        let start = point(first.coordinate)
        svg.circle(start.0, start.1, 5, fill: "#2e7d32")
        let end = point(last.coordinate)
        svg.rect(end.0 - 4, end.1 - 4, 8, 8, fill: "#263238")
        drawScaleBar(metresPerPixel: Geodesy.meanEarthRadius * .pi / 180 / scale, box: box, into: &svg)
        // SVG collapses runs of spaces: the keys are separated by " · ", in lines the box's width holds.
        let gapKey = gaps.isEmpty ? nil : "red: the goal's gaps" + (folded == 0 ? "" : " (\(folded) number\(folded == 1 ? "" : "s") folded where they crowd)")
        let keys = ["● start · ■ end", gapKey, stopKey(stops)].compactMap { $0 }
        let lines = joined(keys, separator: " · ", width: mapKeyWidth)
        for (index, line) in lines.enumerated() {
            svg.text(box.x, box.y + box.height + 16 + Double(index) * mapKeyPitch, line, size: 11, fill: "#607d8b")
        }
        if let p = stop { svg.cross(p.0, p.1, 7, stroke: "#c62828") }
        return lines.count
    }

    /// Characters of an 11 px line of the map's key (its box is 440 px wide).
    static let mapKeyWidth = 72
    /// Pixels between the lines of the map's key.
    static let mapKeyPitch = 14.0

    /// `parts` joined by `separator` into lines of at most `width` characters, a part never
    /// broken (one longer than a line has a line of its own).
    static func joined(_ parts: [String], separator: String, width: Int) -> [String] {
        var lines: [String] = []
        for part in parts {
            if let last = lines.last, last.count + separator.count + part.count <= width {
                lines[lines.count - 1] = last + separator + part
            } else {
                lines.append(part)
            }
        }
        return lines
    }

    /// The most points a gap's stretch of the map is drawn with, so that a gap of hours stays small.
    private static let pointsPerGap = 200

    /// Each gap's stretch of the track as a wide translucent red line (a dot when it did not
    /// move), the numbered ones with their number beside the stretch's start, moved off the
    /// numbers already written; a number with no free place is left off. Returns how many were.
    static func drawGaps(_ gaps: [NumberedGap], on trajectory: Trajectory, point: (GeoCoordinate) -> (Double, Double), avoiding marks: [(Double, Double)], into svg: inout SVG) -> Int {
        var folded = 0
        // The numbers' places so far, and the marks' (their centre moved to where a number would sit).
        var labels = marks.map { ($0.0 - 4, $0.1 + 4) }
        for item in gaps {
            let gap = item.gap
            let steps = min(pointsPerGap, max(1, Int((gap.to - gap.from).rounded(.up))))
            var points: [(Double, Double)] = []
            for step in 0...steps {
                let t = trajectory.startTime + gap.from + (gap.to - gap.from) * Double(step) / Double(steps)
                guard let position = trajectory.position(at: t) else { continue }
                let p = point(position.coordinate)
                if let last = points.last, abs(last.0 - p.0) < 0.5, abs(last.1 - p.1) < 0.5 { continue }
                points.append(p)
            }
            guard let first = points.first else { continue }
            if points.count > 1 {
                svg.polyline(points, stroke: "#e53935", width: 8, opacity: 0.45)
            } else {
                svg.circle(first.0, first.1, 5, fill: "#e53935", opacity: 0.45)
            }
            guard let number = item.number else { continue }
            // Above right of the start, else the first free of a few places around it.
            let candidates = [(6.0, -6.0), (6, 12), (-16, -6), (-16, 12), (6, 24), (-16, 24), (6, -18), (-16, -18)]
            guard let place = candidates.map({ (first.0 + $0.0, first.1 + $0.1) }).first(where: { spot in
                !labels.contains { abs($0.0 - spot.0) < 14 && abs($0.1 - spot.1) < 11 }
            }) else {
                folded += 1
                continue
            }
            labels.append(place)
            svg.text(place.0, place.1, "\(number)", size: 10, weight: "bold", fill: "#b71c1c", halo: true)
        }
        return folded
    }

    /// A scale bar in the map's lower left corner: the roundest length (1, 2 or 5 times a power
    /// of ten metres) no longer than a quarter of the box, with its length in m or km.
    static func drawScaleBar(metresPerPixel: Double, box: (x: Double, y: Double, width: Double, height: Double), into svg: inout SVG) {
        guard metresPerPixel.isFinite, metresPerPixel > 0 else { return }
        let metres = scaleBarMetres(maximum: box.width / 4 * metresPerPixel)
        let length = metres / metresPerPixel
        let x0 = box.x + 10, y0 = box.y + box.height - 10
        svg.line(x0, y0, x0 + length, y0, stroke: "#263238", width: 2)
        svg.line(x0, y0 - 4, x0, y0 + 1, stroke: "#263238", width: 2)
        svg.line(x0 + length, y0 - 4, x0 + length, y0 + 1, stroke: "#263238", width: 2)
        svg.text(x0 + length / 2, y0 - 5, metres < 1000 ? "\(Formatting.short(metres)) m" : "\(Formatting.short(metres / 1000)) km", size: 10, anchor: "middle", fill: "#263238", halo: true)
    }

    /// The roundest length, 1, 2 or 5 times a power of ten metres, at most `maximum` (at least 1 m).
    static func scaleBarMetres(maximum: Double) -> Double {
        guard maximum >= 1 else { return 1 }
        let power = pow(10, (log10(maximum)).rounded(.down))
        return [5.0, 2, 1].map { $0 * power }.first { $0 <= maximum } ?? power
    }

    private static func nearest(_ pieces: [[TrajectorySample]], to time: Double) -> GeoCoordinate {
        var best = pieces[0][0]
        for piece in pieces {
            for sample in piece where abs(sample.time - time) < abs(best.time - time) { best = sample }
        }
        return best.coordinate
    }

    private static func summaryRows(_ outcome: ReplayOutcome, folded: Int) -> [(String, String)] {
        let summary = outcome.result.summary
        // The goals first: they are the answer; the lifecycle verdict explains it.
        var rows: [(String, String)] = summary.coverage.map { coverage in
            ("goal \(Prose.name(coverage.goal))", "\(coverage.met ? "met" : "missed"), \(Prose.percent(coverage.fraction)) covered, \(coverage.gapCount) gap\(coverage.gapCount == 1 ? "" : "s")")
        }
        rows += [
            ("lifecycle", summary.verdict.rawValue),
            ("policy", summary.policy.rawValue),
            ("device", "\(Prose.profile(outcome.settings.profile)), \(Formatting.short(summary.budgetSeconds)) s budget"),
            ("trip", Formatting.clock(summary.durationSeconds)),
            ("fixes delivered", "\(summary.deliveredUpdates)"),
            ("longest between fixes", Prose.shortDeliveryGap(summary)),
            ("least time left", summary.minimumBackgroundTimeRemaining.map(Formatting.duration) ?? "—"),
        ]
        // Under `--policy session` the strict reading is a footnote under these rows.
        if summary.policy == .delivery {
            rows.append(("strict reading", summary.strictVerdict == .keptAlive ? "kept alive" : "\(summary.strictVerdict.rawValue) at \(Formatting.clock(summary.strictSuspendedAt ?? 0))"))
        }
        for (state, _) in stateColors {
            if let seconds = summary.secondsInState[state.rawValue], seconds > 0 {
                rows.append(("time \(state.rawValue)", Formatting.duration(seconds)))
            }
        }
        if folded > 0 {
            // What the digest folded (``RunDigest/pictureMomentsPerColumn``): the marks under-count there.
            rows.append(("not drawn", "\(folded) key moment\(folded == 1 ? "" : "s") (over \(RunDigest.pictureMomentsPerColumn) a pixel column)"))
        }
        return rows
    }

    /// Words into lines of at most `width` characters; SVG text does not wrap by itself.
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private static func merged(_ spans: [(Double, Double)]) -> [(Double, Double)] {
        var result: [(Double, Double)] = []
        for span in spans {
            if let last = result.last, span.0 <= last.1 + 0.5 { result[result.count - 1].1 = max(last.1, span.1) } else { result.append(span) }
        }
        return result
    }

    /// At most about ten ticks, whatever the length: past the listed steps, whole days.
    static func tickStep(_ duration: Double) -> Double {
        let candidates: [Double] = [10, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200]
        return candidates.first { duration / $0 <= 10 } ?? (duration / 10 / 86400).rounded(.up) * 86400
    }

    private static func color(_ state: SimAppState) -> String {
        stateColors.first { $0.0 == state }?.1 ?? "#eceff1"
    }

    private static func verdictColor(_ verdict: SimVerdict) -> String {
        switch verdict {
        case .keptAlive: "#2e7d32"
        case .foregroundOnly: "#607d8b"
        case .suspended: "#ef6c00"
        case .terminated, .crashed: "#c62828"
        }
    }

}

/// A tiny SVG writer: elements as text, numbers with two decimals; an element with a title
/// carries it as a `<title>` child, the tooltip a browser shows. Shared by the reports' pictures.
struct SVG {
    var body = ""

    func n(_ value: Double) -> String { Formatting.fixed(value, 2) }

    mutating func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double, fill: String, stroke: String? = nil) {
        body += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(fill)\"\(stroke.map { " stroke=\"\($0)\"" } ?? "")/>\n"
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1, dash: String? = nil) {
        body += "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")/>\n"
    }

    /// A polyline written as its points come, with nothing kept but the first and the last:
    /// `add` each point, then `close`; one point alone is not drawn (``OpenPolyline/only``).
    struct OpenPolyline {
        private(set) var last: (Double, Double)?
        private var first: (Double, Double)?
        private var count = 0

        /// The point, when there was only one.
        var only: (Double, Double)? { count == 1 ? first : nil }

        mutating func add(_ point: (Double, Double), into svg: inout SVG) {
            count += 1
            switch count {
            case 1: first = point
            case 2:
                svg.body += "<polyline points=\"\(svg.n(first!.0)),\(svg.n(first!.1)) \(svg.n(point.0)),\(svg.n(point.1))"
            default:
                svg.body += " \(svg.n(point.0)),\(svg.n(point.1))"
            }
            last = point
        }

        func close(stroke: String, width: Double, into svg: inout SVG) {
            guard count > 1 else { return }
            svg.body += "\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(svg.n(width))\" stroke-linejoin=\"round\"/>\n"
        }
    }

    func openPolyline() -> OpenPolyline { OpenPolyline() }

    mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double, opacity: Double? = nil) {
        let list = points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
        let translucent = opacity.map { " stroke-opacity=\"\(n($0))\" stroke-linecap=\"round\"" } ?? ""
        body += "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\" stroke-linejoin=\"round\"\(translucent)/>\n"
    }

    mutating func ticks(_ columns: [Int], top: Double, height: Double, stroke: String) {
        let path = columns.map { "M\($0) \(n(top))v\(n(height))" }.joined()
        // 3 px wide: a lone fix stays visible; neighbours merge into a bar.
        body += "<path d=\"\(path)\" stroke=\"\(stroke)\" stroke-width=\"3\"/>\n"
    }

    /// A translucent rectangle that lets the pointer through to the tooltips under it.
    mutating func band(_ x: Double, _ y: Double, _ width: Double, _ height: Double, fill: String, opacity: Double) {
        body += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(fill)\" fill-opacity=\"\(n(opacity))\" pointer-events=\"none\"/>\n"
    }

    /// Everything until ``close()`` moved down by `y`.
    mutating func open(translateY y: Double) {
        body += "<g transform=\"translate(0 \(n(y)))\">\n"
    }

    mutating func close() {
        body += "</g>\n"
    }

    mutating func circle(_ x: Double, _ y: Double, _ radius: Double, fill: String, opacity: Double? = nil) {
        body += "<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(radius))\" fill=\"\(fill)\"\(opacity.map { " fill-opacity=\"\(n($0))\"" } ?? "")/>\n"
    }

    mutating func cross(_ x: Double, _ y: Double, _ size: Double, stroke: String) {
        body += "<path d=\"M\(n(x - size)) \(n(y - size))L\(n(x + size)) \(n(y + size))M\(n(x - size)) \(n(y + size))L\(n(x + size)) \(n(y - size))\" stroke=\"\(stroke)\" stroke-width=\"3\"/>\n"
    }

    /// Text; with `halo`, outlined in white so that it reads over the lines under it.
    /// With `preserveSpaces`, leading and repeated spaces are kept (SVG collapses them).
    mutating func text(_ x: Double, _ y: Double, _ content: String, size: Double, weight: String? = nil, anchor: String? = nil, fill: String = "#263238", halo: Bool = false, preserveSpaces: Bool = false) {
        guard !content.isEmpty else { return }
        let outline = (halo ? " stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\"" : "") + (preserveSpaces && content.contains("  ") ? " xml:space=\"preserve\"" : "")
        body += "<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size))\" fill=\"\(fill)\"\(weight.map { " font-weight=\"\($0)\"" } ?? "")\(anchor.map { " text-anchor=\"\($0)\"" } ?? "")\(outline)>\(SafeText.xml(content))</text>\n"
    }

    mutating func label(_ x: Double, _ y: Double, _ content: String) {
        text(x, y, content, size: 12, anchor: "end", fill: "#455a64")
    }

    /// An element closed plainly, or around its tooltip.
    private func close(_ title: String?) -> String {
        title.map { "><title>\(SafeText.xml($0))</title>" } ?? "/>"
    }

    private mutating func element(_ name: String, _ attributes: String, title: String?) {
        body += "<\(name) \(attributes)\(close(title))\(title == nil ? "" : "</\(name)>")\n"
    }

    /// A lane's mark centred on (`x`, `y`).
    mutating func glyph(_ glyph: PictureLane.Glyph, _ x: Double, _ y: Double, color: String, title: String? = nil) {
        let r = 4.5
        switch glyph {
        case .tick:
            element("line", "x1=\"\(n(x))\" y1=\"\(n(y - 7))\" x2=\"\(n(x))\" y2=\"\(n(y + 7))\" stroke=\"\(color)\" stroke-width=\"3.00\"", title: title)
        case .dot:
            element("circle", "cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(r - 0.5))\" fill=\"\(color)\"", title: title)
        case .ring:
            element("circle", "cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(r - 1))\" fill=\"white\" stroke=\"\(color)\" stroke-width=\"1.50\"", title: title)
        case .up:
            element("path", "d=\"M\(n(x)) \(n(y - r))L\(n(x + r)) \(n(y + r - 1))L\(n(x - r)) \(n(y + r - 1))Z\" fill=\"\(color)\"", title: title)
        case .down:
            element("path", "d=\"M\(n(x)) \(n(y + r))L\(n(x + r)) \(n(y - r + 1))L\(n(x - r)) \(n(y - r + 1))Z\" fill=\"\(color)\"", title: title)
        case .diamond:
            element("path", "d=\"M\(n(x)) \(n(y - r))L\(n(x + r)) \(n(y))L\(n(x)) \(n(y + r))L\(n(x - r)) \(n(y))Z\" fill=\"\(color)\"", title: title)
        case .openDiamond:
            element("path", "d=\"M\(n(x)) \(n(y - r))L\(n(x + r)) \(n(y))L\(n(x)) \(n(y + r))L\(n(x - r)) \(n(y))Z\" fill=\"white\" stroke=\"\(color)\" stroke-width=\"1.50\"", title: title)
        case .square:
            element("rect", "x=\"\(n(x - r + 1))\" y=\"\(n(y - r + 1))\" width=\"\(n(2 * r - 2))\" height=\"\(n(2 * r - 2))\" fill=\"\(color)\"", title: title)
        case .cross:
            let c = r - 1
            element("path", "d=\"M\(n(x - c)) \(n(y - c))L\(n(x + c)) \(n(y + c))M\(n(x - c)) \(n(y + c))L\(n(x + c)) \(n(y - c))\" stroke=\"\(color)\" stroke-width=\"2.50\"", title: title)
        }
    }

    /// A lane's span from `x1` to `x2` (at least 3 px wide) around the lane's middle `y`.
    mutating func span(_ shape: PictureLane.Shape, _ x1: Double, _ x2: Double, _ y: Double, color: String, title: String? = nil) {
        let width = max(x2 - x1, 3)
        switch shape {
        case .bar:
            element("rect", "x=\"\(n(x1))\" y=\"\(n(y - 5))\" width=\"\(n(width))\" height=\"10.00\" fill=\"\(color)\"", title: title)
        case .thin:
            element("rect", "x=\"\(n(x1))\" y=\"\(n(y - 2))\" width=\"\(n(width))\" height=\"4.00\" fill=\"\(color)\"", title: title)
        case .line:
            element("line", "x1=\"\(n(x1))\" y1=\"\(n(y))\" x2=\"\(n(x1 + width))\" y2=\"\(n(y))\" stroke=\"\(color)\" stroke-width=\"1.50\"", title: title)
        case .dashed:
            element("line", "x1=\"\(n(x1))\" y1=\"\(n(y))\" x2=\"\(n(x1 + width))\" y2=\"\(n(y))\" stroke=\"\(color)\" stroke-width=\"1.50\" stroke-dasharray=\"4 3\"", title: title)
        }
    }

    /// The whole document; the body is moved into it, not copied (a year's track is megabytes).
    consuming func document(width: Double, height: Double) -> String {
        var document = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"Helvetica, Arial, sans-serif\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        document.reserveCapacity(document.utf8.count + body.utf8.count + 7)
        document += body
        body = ""
        document += "</svg>\n"
        return document
    }
}
