import Foundation
import Geodesy
import ScenarioInput
import ScenarioRun
import Simulation

/// `keepalive compare --report FILE.svg` or `.html`: the device beside the model at a glance.
///
/// Top: each side's answer, then a lane a side on one time axis, its fixes (the device's recorded,
/// the model's delivered) and its gaps, the gaps one side had and the other did not shaded across
/// both, and the first divergence marked over them. Below: the map with both tracks, the trip (the ground
/// truth) and the device's recording, read again as it streams and drawn at most a point per
/// pixel, with the divergent gaps along the trip; beside it the counts and the profiles ×
/// conditions' answers; under it the divergences in words. Every name from the inputs goes
/// through ``SafeText``; the same comparison gives the same bytes.
public enum ComparePicture {
    private static let left = PictureReport.left
    private static let plotWidth = PictureReport.plotWidth
    private static let deviceColor = "#1e88e5", modelColor = "#2e7d32", tripColor = "#bcaaa4"
    private static let unpredictedColor = "#c62828", tooStrictColor = "#ef6c00", sharedGapColor = "#b0bec5"
    private static let divergenceColor = "#6a1b9a"
    /// The gaps drawn on the map and listed under it, of each kind.
    private static let listedGaps = Prose.gapLinesShown
    /// The most points a gap's stretch of the map is drawn with.
    private static let pointsPerGap = 200

    /// The picture. The device's recording is read again (streamed) for the map.
    /// - Throws: ``CompareError`` when the recording cannot be read again.
    public static func svg(_ comparison: DeviceComparison) throws(CompareError) -> String {
        var svg = SVG()
        let duration = max(comparison.trajectory.duration, 1)
        let start = comparison.trajectory.startTime
        let axis = PictureReport.axis(duration)
        let x: (Double) -> Double = { axis($0 - start) }

        // The title names both files as given, however long: broken into lines the picture holds.
        let title = broken("keepalive compare — \(comparison.track) against \(comparison.device)", width: titleWidth, lines: 3)
        for (index, line) in title.enumerated() {
            svg.text(24, 32 + Double(index) * 22, line, size: 18, weight: "bold")
        }
        let headerTop = 54 + Double(title.count - 1) * 22
        let header = headerLines(comparison)
        for (index, line) in header.enumerated() {
            svg.text(24, headerTop + Double(index) * 17, line.text, size: line.bold ? 14 : 12, weight: line.bold ? "bold" : nil, fill: line.color)
        }
        let lanesTop = headerTop + Double(header.count) * 17 + 14, pitch = 36.0
        let lanes = [deviceLane(comparison, x: x), modelLane(comparison, x: x)]
        let axisY = lanesTop + Double(lanes.count) * pitch + 6

        // The gaps one side had and the other did not, shaded across both lanes, under them.
        for (list, color) in [(comparison.unpredicted, unpredictedColor), (comparison.tooStrict, tooStrictColor)] {
            for divergence in list {
                let (from, to) = widened(x(divergence.gap.from), x(divergence.gap.to))
                svg.band(from, lanesTop - 4, to - from, axisY - lanesTop + 4, fill: color, opacity: 0.10)
            }
        }
        for (index, lane) in lanes.enumerated() {
            PictureReport.draw(lane, top: lanesTop + Double(index) * pitch, into: &svg)
        }
        if let first = comparison.first {
            // Over the device's lane, not on it: a short gap's bar stays in sight under it.
            let at = x(first.second), label = "first divergence \(Formatting.clock(first.second))"
            svg.glyph(.down, at, lanesTop - 8, color: divergenceColor, title: label + ": " + Prose.moment(first.model, goal: comparison.goal))
            let rightward = at + 8 + Double(label.count) * 6.2 <= left + plotWidth
            svg.text(rightward ? at + 8 : at - 8, lanesTop - 4, label, size: 11, anchor: rightward ? nil : "end", fill: divergenceColor)
            // Across the model's lane and at the axis, clear of the legends' words and of the device's gap bar.
            for index in lanes.indices.dropFirst() {
                let top = lanesTop + Double(index) * pitch
                svg.line(x(first.second), top - 3, x(first.second), top + 17, stroke: divergenceColor, width: 1.5, dash: "4 3")
            }
            svg.line(x(first.second), axisY - 5, x(first.second), axisY, stroke: divergenceColor, width: 1.5)
        }
        drawAxis(duration: duration, y: axisY, x: axis, into: &svg)

        // The map, and beside it the counts and the cells.
        let box = (x: 40.0, y: axisY + 40, width: 440.0, height: 300.0)
        try drawMap(comparison, box: box, into: &svg)
        var y = box.y + 12
        for (name, value) in summaryRows(comparison) {
            svg.text(520, y, name, size: 12, fill: "#607d8b")
            svg.text(680, y, value, size: 12)
            y += 19
        }
        if !comparison.cells.isEmpty {
            y += 8
            svg.text(520, y, "Profiles × conditions (\(comparison.cells.count) cells)", size: 12, weight: "bold")
            y += 18
            for line in cellLines(comparison.cells) {
                for (part, text) in PictureReport.wrapped(line.text, width: 72).enumerated() {
                    svg.text(520, y, part == 0 ? text : "  " + text, size: 11, weight: part == 0 && line.bold ? "bold" : nil, fill: line.color, preserveSpaces: true)
                    y += 15
                }
            }
        }

        // The divergences in words, under the map and the cells.
        var listY = max(box.y + box.height + 64, y + 14)
        for line in divergenceLines(comparison) {
            for (part, text) in PictureReport.wrapped(line.text, width: 170).enumerated() {
                svg.text(24, listY, part == 0 ? text : "    " + text, size: 11, weight: line.bold ? "bold" : nil, fill: line.bold ? "#263238" : "#455a64", preserveSpaces: true)
                listY += 16
            }
        }
        return svg.document(width: PictureReport.width, height: listY + 4)
    }

    /// The picture in a page, with what reproduces it: the command line as given (`commandLine`,
    /// the program's name first), both sides' coverage, the cells' answers, then the report in words.
    public static func html(_ comparison: DeviceComparison, commandLine: [String]? = nil) throws(CompareError) -> String {
        func cell(_ text: String) -> String { "<td>\(SafeText.xml(text))</td>" }
        let device = comparison.deviceCoverage, model = comparison.modelCoverage
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>keepalive compare — \(SafeText.xml(comparison.track)) against \(SafeText.xml(comparison.device))</title>
            <style>
            body { font-family: -apple-system, "Helvetica Neue", Arial, sans-serif; margin: 24px; color: #263238; }
            h1 { font-size: 20px; } h1.met { color: #2e7d32; } h1.missed { color: #c62828; }
            table { border-collapse: collapse; font-size: 13px; }
            td, th { padding: 2px 10px 2px 0; vertical-align: top; text-align: left; }
            td.yes { color: #2e7d32; } td.no { color: #c62828; }
            pre { background: #f5f7f8; padding: 8px; white-space: pre-wrap; }
            </style>
            </head>
            <body>
            <h1 class="\(comparison.diverged ? "missed" : "met")">\(SafeText.xml(verdictLine(comparison)))</h1>

            """
        if let commandLine, !commandLine.isEmpty {
            page += "<h2>Command</h2>\n<pre>\(SafeText.xml(SafeText.shell(["keepalive"] + commandLine.dropFirst())))</pre>\n"
        }
        page += "<h2>Coverage, judged from each side's fixes</h2>\n<p>Goal \(SafeText.xml(Prose.name(device.goal))): \(SafeText.xml(Prose.text(device.goal))).</p>\n<table>\n<tr><th></th><th>device</th><th>model (\(SafeText.xml(comparison.summary.profile)))</th></tr>\n"
        for (name, left, right) in [
            ("goal", Prose.name(device.goal), Prose.name(model.goal)),
            ("covered", Prose.percent(device.fraction), Prose.percent(model.fraction)),
            ("gaps", "\(device.gapCount)", "\(model.gapCount)"),
            ("met", device.met ? "met" : "missed", model.met ? "met" : "missed"),
            ("fixes", "\(comparison.deviceFixes)", "\(comparison.modelFixes)"),
        ] {
            page += "<tr>\(cell(name))\(cell(left))\(cell(right))</tr>\n"
        }
        page += "</table>\n"
        if !comparison.cells.isEmpty {
            page += "<h2>Profiles × conditions</h2>\n<table>\n<tr><th>profile</th><th>condition</th><th>reproduces the device's gaps</th><th>gaps the device had, not predicted</th><th>gaps the device did not have</th><th>model covered</th></tr>\n"
            for item in comparison.cells {
                let answer = switch item.finding {
                case .agrees: "yes, exactly"
                case .reproduces: "yes"
                case .reproducesFirst: "the first divergence only"
                case .doesNotReproduce: "no"
                }
                page += "<tr>\(cell(item.profile))\(cell(item.condition.rawValue))<td class=\"\(item.finding.reproducesAll ? "yes" : "no")\">\(SafeText.xml(answer))</td>\(cell("\(item.unpredictedCount)"))\(cell("\(item.tooStrictCount)"))\(cell(Prose.percent(item.modelFraction)))</tr>\n"
            }
            page += "</table>\n"
        }
        page += "<h2>Picture</h2>\n" + (try svg(comparison))
        // One escaped line at a time: the <pre> keeps the line breaks between them.
        let report = CompareReport.text(comparison).dropLast().split(separator: "\n", omittingEmptySubsequences: false).map { SafeText.xml(String($0)) }
        page += "<h2>Report</h2>\n<pre>\(report.joined(separator: "\n"))</pre>\n</body>\n</html>\n"
        return page
    }

    // MARK: Parts

    /// A line of text with its weight and colour.
    private struct Line {
        let text: String
        var bold = false
        var color = "#263238"
    }

    /// Each side's answer (green met, red missed), whether they part, then the field conditions
    /// that reproduce the first divergence: the comparison's point.
    private static func headerLines(_ comparison: DeviceComparison) -> [Line] {
        let device = comparison.deviceCoverage, model = comparison.modelCoverage
        var lines = [
            Line(text: "Device: " + Prose.headline(device), bold: true, color: device.met ? "#2e7d32" : "#c62828"),
            Line(text: "Model (\(comparison.summary.profile)): " + Prose.headline(model), bold: true, color: model.met ? "#2e7d32" : "#c62828"),
            Line(text: verdictLine(comparison), color: "#546e7a"),
        ]
        if let first = comparison.first {
            lines += PictureReport.wrapped(reproducingLine(first), width: headerWidth).map { Line(text: $0, bold: true, color: divergenceColor) }
        }
        return lines
    }

    /// Characters of a 14 px bold header line the picture holds (about 6.5 px each, 950 px).
    private static let headerWidth = 140

    /// "Reproduce the first divergence, replayed from the device's last fix (0:09:59): Low Power
    /// Mode, a restart, an app update": the §15 conditions that made the model miss its second too.
    static func reproducingLine(_ first: FirstDivergence) -> String {
        let at = Formatting.clock(first.lastDeviceFix)
        let reproducing = first.conditions.filter { $0.finding == .reproduces }.map { Prose.text($0.condition) }
        return reproducing.isEmpty
            ? "No field condition replayed from the device's last fix (\(at)) reproduces the first divergence"
            : "Reproduce the first divergence, replayed from the device's last fix (\(at)): " + reproducing.joined(separator: ", ")
    }

    /// "The device and the model diverge; first at 0:10:04 (the device's last fix at 0:09:59)."
    private static func verdictLine(_ comparison: DeviceComparison) -> String {
        guard comparison.diverged else { return "The device and the model agree: every gap of each is a gap of the other." }
        let first = comparison.first.map { "; first at \(Formatting.clock($0.second)) (the device's last fix at \(Formatting.clock($0.lastDeviceFix)))" } ?? ""
        return "The device and the model diverge: \(comparison.unpredicted.count) device gap\(comparison.unpredicted.count == 1 ? "" : "s") not predicted, \(comparison.tooStrict.count) model gap\(comparison.tooStrict.count == 1 ? "" : "s") the device did not have\(first)."
    }

    /// The device's lane: its fixes, its gaps (those the model did not predict apart).
    private static func deviceLane(_ comparison: DeviceComparison, x: (Double) -> Double) -> PictureLane {
        lane("device", comparison, x: x, fixes: (comparison.deviceFixTimes, deviceColor, "fixes recorded"),
             gaps: comparison.deviceCoverage.gaps, apart: (comparison.unpredicted, unpredictedColor, "gap the model did not predict"),
             shared: "gap the model had too")
    }

    /// The model's lane: its delivered fixes, its gaps (those the device did not have apart).
    private static func modelLane(_ comparison: DeviceComparison, x: (Double) -> Double) -> PictureLane {
        lane("model", comparison, x: x, fixes: (comparison.modelFixTimes, modelColor, "fixes delivered"),
             gaps: comparison.modelCoverage.gaps, apart: (comparison.tooStrict, tooStrictColor, "gap the device did not have"),
             shared: "gap the device had too")
    }

    /// One side's lane: where its fixes came, then each of its gaps, those only it had in their
    /// own colour and the others grey.
    private static func lane(
        _ name: String, _ comparison: DeviceComparison, x: (Double) -> Double,
        fixes: (times: FixBins, color: String, label: String), gaps: [SimGap],
        apart: (divergences: [GapDivergence], color: String, label: String), shared: String
    ) -> PictureLane {
        var lane = PictureLane(name: name)
        for span in fixes.times.spans {
            lane.span(.thin, fixes.color, fixes.label, from: x(span.from), to: x(span.to), title: fixes.label)
        }
        let goal = SimGoal.location(comparison.goal)
        let divergent = Set(apart.divergences.map(\.gap))
        for gap in gaps {
            let (from, to) = widened(x(gap.from), x(gap.to))
            let only = divergent.contains(gap)
            lane.span(.bar, only ? apart.color : sharedGapColor, only ? apart.label : shared, from: from, to: to,
                      title: "\(name) gap " + Prose.gap(gap, of: goal))
        }
        return lane
    }

    /// The time axis: a line, ticks and their clock labels.
    private static func drawAxis(duration: Double, y: Double, x: (Double) -> Double, into svg: inout SVG) {
        svg.line(left, y, left + plotWidth, y, stroke: "#90a4ae")
        svg.text(left - 30, y + 18, "time (h:mm:ss)", size: 11, anchor: "end", fill: "#607d8b")
        let step = PictureReport.tickStep(duration)
        var tick = 0.0
        while tick <= duration + 0.001 {
            svg.line(x(tick), y, x(tick), y + 5, stroke: "#607d8b")
            svg.text(x(tick), y + 18, Formatting.clock(tick), size: 11, anchor: "middle", fill: "#607d8b")
            tick += step
        }
    }

    /// The trip wide and pale, the divergent gaps along it, the device's recording over it (a
    /// dashed jump where it had no fix for longer than the goal allows), start and end, a scale bar and a key.
    private static func drawMap(_ comparison: DeviceComparison, box: (x: Double, y: Double, width: Double, height: Double), into svg: inout SVG) throws(CompareError) {
        let trajectory = comparison.trajectory
        guard let first = trajectory.pieces.first?.first, let last = trajectory.pieces.last?.last else { return }
        svg.rect(box.x, box.y, box.width, box.height, fill: "#fafafa", stroke: "#cfd8dc")
        var extent = comparison.deviceExtent
        for piece in trajectory.pieces {
            for sample in piece { extent.add(latitude: sample.coordinate.latitude, longitude: sample.coordinate.longitude) }
        }
        let midLatitude = (extent.minLatitude + extent.maxLatitude) / 2 * .pi / 180
        let cosMid = cos(midLatitude)
        let spanX = max((extent.maxLongitude - extent.minLongitude) * cosMid, 1e-6)
        let spanY = max(extent.maxLatitude - extent.minLatitude, 1e-6)
        let scale = min((box.width - 20) / spanX, (box.height - 20) / spanY)
        let offsetX = box.x + (box.width - spanX * scale) / 2
        let offsetY = box.y + (box.height - spanY * scale) / 2
        func point(latitude: Double, longitude: Double) -> (Double, Double) {
            (offsetX + (longitude - extent.minLongitude) * cosMid * scale, offsetY + (extent.maxLatitude - latitude) * scale)
        }
        func point(_ c: GeoCoordinate) -> (Double, Double) { point(latitude: c.latitude, longitude: c.longitude) }

        // The trip: the ground truth, under everything.
        for piece in trajectory.pieces {
            var path = svg.openPolyline()
            for sample in piece {
                let p = point(sample.coordinate)
                if let last = path.last, abs(last.0 - p.0) < 0.5, abs(last.1 - p.1) < 0.5 { continue }
                path.add(p, into: &svg)
            }
            if let only = path.only { svg.circle(only.0, only.1, 3, fill: tripColor) }
            path.close(stroke: tripColor, width: 7, into: &svg)
        }
        // The gaps one side had and the other did not, along the trip.
        for (list, color) in [(comparison.unpredicted, unpredictedColor), (comparison.tooStrict, tooStrictColor)] {
            for divergence in list.prefix(listedGaps) {
                let gap = divergence.gap
                let steps = min(pointsPerGap, max(1, Int((gap.to - gap.from).rounded(.up))))
                var points: [(Double, Double)] = []
                for step in 0...steps {
                    guard let position = trajectory.position(at: trajectory.startTime + gap.from + (gap.to - gap.from) * Double(step) / Double(steps)) else { continue }
                    let p = point(position.coordinate)
                    if let last = points.last, abs(last.0 - p.0) < 0.5, abs(last.1 - p.1) < 0.5 { continue }
                    points.append(p)
                }
                if points.count > 1 { svg.polyline(points, stroke: color, width: 11, opacity: 0.35) } else if let only = points.first { svg.circle(only.0, only.1, 6, fill: color, opacity: 0.35) }
            }
        }
        // The device's recording, streamed again: a polyline a stretch of fixes; a dashed jump
        // where no fix came for longer than the goal's age (the first few; later ones join the line).
        var path = svg.openPolyline()
        var jumps: [((Double, Double), (Double, Double))] = []
        var lastTime = -Double.infinity
        let longest = Double(comparison.goal.maximumFixAgeSeconds)
        do throws(InputFileError) {
            try DeviceRecording.read(comparison.device, origin: DeviceRecording.origin(of: trajectory.startDate)) { fix in
                let p = point(latitude: fix.latitude, longitude: fix.longitude)
                if let before = path.last, fix.time - lastTime > longest, jumps.count < SimCoverage.maximumGaps {
                    path.close(stroke: deviceColor, width: 2, into: &svg)
                    if let only = path.only { svg.circle(only.0, only.1, 2, fill: deviceColor) }
                    jumps.append((before, p))
                    path = svg.openPolyline()
                }
                lastTime = max(lastTime, fix.time)
                if let before = path.last, abs(before.0 - p.0) < 0.5, abs(before.1 - p.1) < 0.5 { return }
                path.add(p, into: &svg)
            }
        } catch {
            throw .recording(error)
        }
        if let only = path.only { svg.circle(only.0, only.1, 2, fill: deviceColor) }
        path.close(stroke: deviceColor, width: 2, into: &svg)
        for (from, to) in jumps { svg.line(from.0, from.1, to.0, to.1, stroke: deviceColor, width: 1.5, dash: "5 4") }

        let startPoint = point(first.coordinate), endPoint = point(last.coordinate)
        svg.circle(startPoint.0, startPoint.1, 5, fill: "#2e7d32")
        svg.rect(endPoint.0 - 4, endPoint.1 - 4, 8, 8, fill: "#263238")
        PictureReport.drawScaleBar(metresPerPixel: Geodesy.meanEarthRadius * .pi / 180 / scale, box: box, into: &svg)
        // The key, a swatch an entry; SVG collapses runs of spaces, so each is placed.
        var keyX = box.x
        let keyY = box.y + box.height + 18
        for (color, width, dash, text) in [(tripColor, 7.0, nil as String?, "the trip (ground truth)"), (deviceColor, 2, nil, "the device's recording"),
                                           (deviceColor, 1.5, "5 4", "no fix recorded")] {
            svg.line(keyX, keyY - 4, keyX + 18, keyY - 4, stroke: color, width: width, dash: dash)
            svg.text(keyX + 22, keyY, text, size: 11, fill: "#607d8b")
            keyX += 22 + Double(text.count) * 6 + 14
        }
        svg.text(box.x, keyY + 16, "● start · ■ end · red: device gaps the model did not predict · orange: model gaps the device did not have", size: 11, fill: "#607d8b")
    }

    /// The counts beside the map.
    private static func summaryRows(_ comparison: DeviceComparison) -> [(String, String)] {
        let device = comparison.deviceCoverage, model = comparison.modelCoverage
        return [
            ("goal", "\(Prose.name(device.goal)), judged from each side's fixes"),
            ("trip", Formatting.clock(comparison.trajectory.duration)),
            ("device fixes", "\(comparison.deviceFixes), \(comparison.deviceFixesInTrip) within the trip"),
            ("device covered", "\(Prose.percent(device.fraction)), \(device.gapCount) gap\(device.gapCount == 1 ? "" : "s")"),
            ("model", "\(comparison.summary.profile), \(Prose.shortVerdict(comparison.summary))"),
            ("model fixes", "\(comparison.modelFixes) delivered"),
            ("model covered", "\(Prose.percent(model.fraction)), \(model.gapCount) gap\(model.gapCount == 1 ? "" : "s")"),
            ("not predicted", "\(comparison.unpredicted.count) device gap\(comparison.unpredicted.count == 1 ? "" : "s")"),
            ("too strict", "\(comparison.tooStrict.count) model gap\(comparison.tooStrict.count == 1 ? "" : "s")"),
        ]
    }

    /// The cells' answers: those that reproduce the device's gaps, the first divergence only, and those that do not.
    private static func cellLines(_ cells: [CellComparison]) -> [Line] {
        func names(_ keep: (CellComparison.Finding) -> Bool) -> String? {
            let found = cells.filter { keep($0.finding) }.map(\.name)
            return found.isEmpty ? nil : found.joined(separator: ", ")
        }
        var lines = [Line(text: "reproduce the device's gaps: " + (names(\.reproducesAll) ?? "none"), bold: true, color: "#2e7d32")]
        if let exactly = names({ $0 == .agrees }) { lines.append(Line(text: "exactly: \(exactly)", color: "#2e7d32")) }
        if let first = names({ $0 == .reproducesFirst }) { lines.append(Line(text: "the first divergence only: \(first)", color: "#ef6c00")) }
        lines.append(Line(text: "do not: " + (names({ $0 == .doesNotReproduce }) ?? "none"), color: "#c62828"))
        return lines
    }

    /// The divergences in words: a title and a line each, for both kinds.
    private static func divergenceLines(_ comparison: DeviceComparison) -> [Line] {
        let goal = SimGoal.location(comparison.goal)
        var lines: [Line] = []
        for (title, list, other) in [("Gaps the device had that the model did not predict (red)", comparison.unpredicted, "model"),
                                     ("Gaps the model predicted that the device did not have (orange)", comparison.tooStrict, "device")] {
            lines.append(Line(text: "\(title): \(list.isEmpty ? "none" : "\(list.count)")", bold: true))
            lines += list.prefix(listedGaps).map { Line(text: Prose.divergence($0, of: goal, otherSide: other)) }
            if list.count > listedGaps { lines.append(Line(text: "… and \(list.count - listedGaps) more")) }
        }
        if let first = comparison.first {
            lines.append(Line(text: "First divergence at \(Formatting.clock(first.second)) (▼): " + Prose.moment(first.model, goal: comparison.goal), bold: true))
            // The conditions tried there, as the text report words them.
            lines += Prose.conditions(first).map { Line(text: $0.trimmingCharacters(in: .whitespaces)) }
        }
        return lines
    }

    /// Characters of the 18 px title a line holds.
    private static let titleWidth = 86

    /// `text` in lines of at most `width` characters, broken between words or, for a word longer
    /// than a line (a path), inside it; at most `lines` of them, the last ending in "…" when cut.
    static func broken(_ text: String, width: Int, lines: Int) -> [String] {
        var result: [String] = []
        for line in PictureReport.wrapped(text, width: width) {
            var rest = Substring(line)
            while rest.count > width {
                result.append(String(rest.prefix(width)))
                rest = rest.dropFirst(width)
            }
            result.append(String(rest))
        }
        guard result.count > lines else { return result }
        return Array(result.prefix(lines - 1)) + [String(result[lines - 1].prefix(width - 1)) + "…"]
    }

    /// `from`…`to` widened around its middle to at least 3 pixels.
    private static func widened(_ from: Double, _ to: Double) -> (Double, Double) {
        guard to - from < 3 else { return (from, to) }
        let middle = (from + to) / 2
        return (middle - 1.5, middle + 1.5)
    }
}
