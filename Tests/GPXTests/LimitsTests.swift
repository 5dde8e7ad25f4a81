import Foundation
@testable import GPX
import Testing

/// Issue 10: no input crashes, hangs or balloons the reader.
@Suite struct LimitsTests {
    private func read(_ xml: String, _ options: GPXReadOptions) throws(GPXReadError) -> GPXDocument {
        try GPXReader(options: options).read(bytes: Array(xml.utf8), name: "test.gpx")
    }

    private func readError(_ xml: String, _ options: GPXReadOptions, sourceLocation: SourceLocation = #_sourceLocation) -> GPXReadError? {
        do {
            _ = try read(xml, options)
            Issue.record("expected an error", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    // MARK: 1. Long markup and attribute values

    // The limit applies to markup libexpat holds unfinished between chunks: chunks are at most the limit here.
    @Test(arguments: [10_000, 1000, 1])
    func aLongAttributeValueStopsTheReadAtItsTag(chunkSize: Int) throws {
        let xml = gpx11("<wpt lat=\"1\" lon=\"2\"><extensions>\n  <x a=\"" + String(repeating: "A", count: 50_000) + "\"/></extensions></wpt>")
        let options = GPXReadOptions(chunkSize: chunkSize, maximumValueLength: 10_000)
        let error = try #require(readError(xml, options))
        #expect(error.kind == .valueTooLong)
        #expect(error.description == "test.gpx:4:3: a start tag (with its attributes) is longer than the limit of 10000 bytes")
    }

    @Test func raisingTheLimitReadsTheSameFile() throws {
        let xml = gpx11("<wpt lat=\"1\" lon=\"2\"><extensions><x a=\"" + String(repeating: "A", count: 50_000) + "\"/></extensions></wpt>")
        let document = try read(xml, GPXReadOptions(chunkSize: 1000, maximumValueLength: 60_000))
        #expect(document.waypoints == [GPXPoint(latitude: 1, longitude: 2)])
    }

    @Test func aLongCommentStopsTheReadAtItsStart() throws {
        let xml = gpx11("<!--" + String(repeating: "c", count: 50_000) + "-->")
        let error = try #require(readError(xml, GPXReadOptions(chunkSize: 4096, maximumValueLength: 10_000)))
        #expect(error.description == "test.gpx:3:1: a comment is longer than the limit of 10000 bytes")
    }

    @Test func aLongTagInAFileOnDiskStopsTheRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-long-tag-\(getpid()).gpx").path
        let xml = gpx11("<wpt lat=\"1\" lon=\"2\"><extensions><x a=\"" + String(repeating: "A", count: 3 << 20) + "\"/></extensions></wpt>")
        try xml.write(toFile: path, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: GPXReadError(
            kind: .valueTooLong, file: path, position: GPXSourcePosition(line: 3, column: 34),
            message: "a start tag (with its attributes) is longer than the limit of 1048576 bytes")
        ) {
            try GPXReader().read(contentsOf: path)
        }
    }

    @Test(arguments: [
        ("<wpt lat=\"1\" lon=\"2\"><name>\(String(repeating: "n", count: 101))</name></wpt>", "3:22: <name> is longer than the limit of 100 bytes"),
        ("<wpt lat=\"1\" lon=\"2\"><desc>\(String(repeating: "d", count: 60))&amp;\(String(repeating: "d", count: 40))</desc></wpt>", "3:22: <desc> is longer than the limit of 100 bytes"),
        ("<trk><name><![CDATA[\(String(repeating: "c", count: 101))]]></name></trk>", "3:6: <name> is longer than the limit of 100 bytes"),
    ])
    func valuesLongerThanTheLimitFailWithTheirPosition(body: String, expected: String) throws {
        for lenient in [false, true] {
            let error = try #require(readError(gpx11(body), GPXReadOptions(isLenient: lenient, chunkSize: 7, maximumValueLength: 100)))
            #expect(error.kind == .valueTooLong)
            #expect(error.description == "test.gpx:" + expected)
        }
    }

    @Test func aValueAtTheLimitIsKept() throws {
        let desc = String(repeating: "d", count: 100)
        let document = try read(gpx11("<wpt lat=\"1\" lon=\"2\"><desc>\(desc)</desc></wpt>"), GPXReadOptions(maximumValueLength: 100))
        #expect(document.waypoints[0].description == desc)
    }

    @Test func aLongCoordinateFailsAtItsPoint() throws {
        let xml = gpx11("<wpt lat=\"1\(String(repeating: "0", count: 100))\" lon=\"2\"/>")
        let error = try #require(readError(xml, GPXReadOptions(isLenient: true, maximumValueLength: 100)))
        #expect(error.description == "test.gpx:3:1: <wpt> lat is longer than the limit of 100 bytes")
    }

    @Test func aLongCreatorFailsAtTheRoot() throws {
        let xml = "<gpx version=\"1.1\" creator=\"" + String(repeating: "x", count: 101) + "\"></gpx>"
        let error = try #require(readError(xml, GPXReadOptions(maximumValueLength: 100)))
        #expect(error.description == "test.gpx:1:1: <gpx> creator is longer than the limit of 100 bytes")
    }

    @Test func theDefaultLimitIsOneMebibyte() {
        #expect(GPXReadOptions().maximumValueLength == 1_048_576)
        #expect(GPXReadOptions().maximumStoredWarnings == 100)
    }

    // MARK: 3. Files that are not regular files

    @Test func aFIFOWithoutAWriterIsRefusedAtOnce() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-fifo-\(getpid())").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(throws: GPXReadError(kind: .unreadable, file: path, position: nil, message: "cannot read: a FIFO (named pipe), not a regular file")) {
            try GPXReader().read(contentsOf: path)
        }
    }

    @Test func aDeviceIsRefused() throws {
        #expect(throws: GPXReadError(kind: .unreadable, file: "/dev/zero", position: nil, message: "cannot read: a character device, not a regular file")) {
            try GPXStreamReader(contentsOf: "/dev/zero")
        }
    }

    // MARK: 4. Warnings are capped

    @Test func lenientReadsKeepTheFirstWarningsAndCountTheRest() throws {
        let points = (0..<250).map { "<trkpt lat=\"\(100 + $0)\" lon=\"1\"/>\n" }.joined()
        let xml = gpx11("<trk><trkseg>\n" + points + "<trkpt lat=\"1\" lon=\"1\"/></trkseg></trk>")
        let document = try read(xml, GPXReadOptions(isLenient: true))
        #expect(document.warnings.count == 100)
        #expect(document.suppressedWarningCount == 150)
        #expect(document.warningCount == 250)
        #expect(document.warnings.last?.description == "103:1: skipped point: <trkpt> latitude 199 is outside -90…90")
        #expect(document.tracks[0].segments[0].points == [GPXPoint(latitude: 1, longitude: 1)])

        let summary = try GPXSummary(reading: GPXStreamReader(bytes: Array(xml.utf8), options: GPXReadOptions(isLenient: true, maximumStoredWarnings: 5)))
        #expect(summary.warnings.count == 5)
        #expect(summary.suppressedWarningCount == 245)
        #expect(summary.warningCount == 250)
        let fromDocument = GPXSummary(document: document)
        #expect(fromDocument.warnings.count == 100)
        #expect(fromDocument.suppressedWarningCount == 150)
    }

    @Test func theStreamStillReportsEveryWarning() throws {
        let points = (0..<150).map { _ in "<wpt lat=\"100\" lon=\"1\"/>" }.joined()
        let stream = GPXStreamReader(bytes: Array(gpx11(points).utf8), options: GPXReadOptions(isLenient: true))
        var warnings = 0
        while let event = try stream.next() {
            if case .warning = event { warnings += 1 }
        }
        #expect(warnings == 150)
    }

    // MARK: 5. Nothing of a refused point leaks into the next

    private static let garmin = " xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\""

    /// Each field a point can carry, as a refused point would write it.
    static let pointFields = [
        "<ele>12</ele>", "<name>n</name>", "<cmt>c</cmt>", "<desc>d</desc>", "<sym>s</sym>", "<type>t</type>",
        "<course>90</course>", "<speed>4</speed>", "<fix>3d</fix>", "<sat>7</sat>", "<hdop>1.5</hdop>",
        "<vdop>2.5</vdop>", "<pdop>3.5</pdop>",
    ] + ["hr>140</gpxtpx:hr", "cad>80</gpxtpx:cad", "atemp>21</gpxtpx:atemp", "wtemp>18</gpxtpx:wtemp",
         "depth>3</gpxtpx:depth", "speed>5</gpxtpx:speed", "course>45</gpxtpx:course", "bearing>10</gpxtpx:bearing",
    ].map { "<extensions><gpxtpx:TrackPointExtension><gpxtpx:\($0)></gpxtpx:TrackPointExtension></extensions>" }

    @Test(arguments: pointFields)
    func aRefusedPointLeavesNothingBehind(field: String) throws {
        let body = """
            <trk><trkseg>
            <trkpt lat="1" lon="1"><time>bad</time>\(field)</trkpt>
            <trkpt lat="2" lon="2"/>
            <trkpt lat="3" lon="3">\(field)<time>bad</time></trkpt>
            <trkpt lat="4" lon="4"><sat>9</sat><extensions><gpxtpx:TrackPointExtension><gpxtpx:cad>60</gpxtpx:cad></gpxtpx:TrackPointExtension></extensions></trkpt>
            <trkpt lat="5" lon="5"><time>bad</time>\(field)</trkpt>
            <trkpt lat="6" lon="6"/>
            </trkseg></trk>
            """
        let document = try read(gpx11(body, extraNamespaces: Self.garmin), GPXReadOptions(isLenient: true))
        var withOthers = GPXPoint(latitude: 4, longitude: 4)
        withOthers.satellites = 9
        var cadence = GarminTrackPointExtension()
        cadence.cadence = 60
        withOthers.garmin = cadence
        #expect(document.tracks[0].segments[0].points == [
            GPXPoint(latitude: 2, longitude: 2), withOthers, GPXPoint(latitude: 6, longitude: 6),
        ])
        #expect(document.warningCount == 3)
    }

    @Test(arguments: pointFields)
    func aKeptPointLeavesNothingBehind(field: String) throws {
        let body = "<trk><trkseg><trkpt lat=\"1\" lon=\"1\">\(field)</trkpt><trkpt lat=\"2\" lon=\"2\"/></trkseg></trk>"
        let points = try read(gpx11(body, extraNamespaces: Self.garmin), GPXReadOptions()).tracks[0].segments[0].points
        #expect(points.count == 2)
        #expect(points[0] != GPXPoint(latitude: 1, longitude: 1))
        #expect(points[1] == GPXPoint(latitude: 2, longitude: 2))
    }

    // MARK: 6. Non-finite numbers

    private static let hugeNumber = String(repeating: "9", count: 400)

    @Test func decimalsTooLargeForADoubleAreRefused() {
        for text in [Self.hugeNumber, "-" + Self.hugeNumber, Self.hugeNumber + ".5", "1e400", "-1E+999"] {
            let value = Array(text.utf8).withUnsafeBytes { DecimalParser.double($0) }
            #expect(value == nil, "\(text.prefix(12))")
            #expect(Array(text.utf8).withUnsafeBytes { DecimalParser.refusal($0) } == "is too large to be a number")
        }
        #expect(Array("inf".utf8).withUnsafeBytes { DecimalParser.refusal($0) } == "is not a number")
    }

    @Test(arguments: ["ele", "speed", "course", "hdop"])
    func aNonFiniteOptionalNumberIsDroppedWithAWarning(element: String) throws {
        let document = try read(gpx11("<wpt lat=\"1\" lon=\"2\"><\(element)>\(Self.hugeNumber)</\(element)></wpt>"), GPXReadOptions())
        #expect(document.waypoints == [GPXPoint(latitude: 1, longitude: 2)])
        #expect(document.warnings.map(\.description) == [
            "3:22: ignored <\(element)> \"\(String(repeating: "9", count: 40))…\": it is too large to be a number",
        ])
    }

    @Test func aNonFiniteCoordinateIsAnErrorOrASkippedPoint() throws {
        let body = "<wpt lat=\"\(Self.hugeNumber)\" lon=\"2\"/><wpt lat=\"1\" lon=\"2\"/>"
        let error = try #require(readError(gpx11(body), GPXReadOptions()))
        #expect(error.kind == .invalidCoordinate)
        #expect(error.description == "test.gpx:3:1: <wpt> lat=\"\(String(repeating: "9", count: 40))…\" is too large to be a number")
        let document = try read(gpx11(body), GPXReadOptions(isLenient: true))
        #expect(document.waypoints == [GPXPoint(latitude: 1, longitude: 2)])
        #expect(document.warnings.map(\.description) == [
            "3:1: skipped point: <wpt> lat=\"\(String(repeating: "9", count: 40))…\" is too large to be a number",
        ])
    }

    // MARK: 7. Times re-read as printed

    @Test(arguments: [
        "0000-01-01T00:00:00Z", "0000-01-01T05:00:00+05:00", "0000-02-29T12:00:00Z", "1969-12-31T23:59:59.999999999Z",
        "1970-01-01T00:00:00Z", "2024-02-29T12:00:00-0130", "9999-12-31T23:59:59.999999999Z", "9999-12-31T22:00:00-01:59",
    ])
    func printedTimesReadBackAsTheSameInstant(text: String) throws {
        let time = try #require(GPXTime(iso8601: text))
        let printed = time.iso8601String
        let reread = try #require(GPXTime(iso8601: printed))
        #expect(reread == time)
        #expect(reread.iso8601String == printed)
        #expect(GPXTime.readableSeconds.contains(time.secondsSince1970))
    }

    @Test(arguments: [
        "0000-01-01T00:00:00+00:01", "-0001-12-31T00:00:00Z", "9999-12-31T23:30:00-01:00", "10000-01-01T00:00:00Z",
        "999999999-12-31T23:59:59Z",
    ])
    func timesOutsideTheYears0000To9999AreRefused(text: String) throws {
        #expect(GPXTime(iso8601: text) == nil)
    }

    @Test func aTimeOutsideTheReadableYearsIsAPositionedError() throws {
        let body = "<wpt lat=\"1\" lon=\"2\"><time>0000-01-01T00:00:00+01:00</time></wpt>"
        let error = try #require(readError(gpx11(body), GPXReadOptions()))
        #expect(error.kind == .invalidTime)
        #expect(error.description == "test.gpx:3:22: <time> \"0000-01-01T00:00:00+01:00\" is outside the years 0000…9999 (in UTC)")
        let lenient = try read(gpx11(body), GPXReadOptions(isLenient: true))
        #expect(lenient.waypoints.isEmpty)
        #expect(lenient.warningCount == 1)
    }

    @Test func timesMadeInCodeOutsideTheReadableYearsPrintWithoutTrapping() {
        #expect(GPXTime(secondsSince1970: -62_167_219_201).iso8601String == "-0001-12-31T23:59:59Z")
        #expect(GPXTime(secondsSince1970: 253_402_300_800).iso8601String == "+10000-01-01T00:00:00Z")
        #expect(GPXTime(secondsSince1970: .max).iso8601String == "+292277026596-12-04T15:30:07Z")
        #expect(GPXTime(secondsSince1970: .min).iso8601String == "-292277022657-01-27T08:29:52Z")
        #expect(GPXTime(secondsSince1970: .max).seconds(since: GPXTime(secondsSince1970: .min)) == 18_446_744_073_709_551_616)
    }

    @Test func aYear0000TrackIsSummarised() throws {
        let body = """
            <trk><trkseg><trkpt lat="0" lon="0"><time>0000-01-01T00:00:00Z</time></trkpt>
            <trkpt lat="0" lon="0.001"><time>0000-01-01T00:00:10Z</time></trkpt></trkseg></trk>
            """
        let summary = GPXSummary(document: try read(gpx11(body), GPXReadOptions()))
        #expect(summary.path.start?.iso8601String == "0000-01-01T00:00:00Z")
        #expect(summary.path.durationSeconds == 10)
    }
}
