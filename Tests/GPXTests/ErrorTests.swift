import GPX
import Testing

@Suite struct ErrorTests {
    @Test func notWellFormedCarriesExpatsMessageAndPosition() throws {
        let error = try #require(readError("<gpx version=\"1.1\">\n  <trk>\n  </gpx>"))
        #expect(error.kind == .notWellFormed(expatCode: 7))
        #expect(error.description == "test.gpx:3:5: mismatched tag")
    }

    @Test func invalidCharacterInATagName() throws {
        let error = try #require(readError("<xml\u{2202}></xml>"))
        #expect(error.kind == .notWellFormed(expatCode: 4))
        #expect(error.description == "test.gpx:1:5: not well-formed (invalid token)")
    }

    @Test(arguments: ["", "   \n\t "])
    func emptyFile(content: String) throws {
        let error = try #require(readError(content))
        #expect(error.kind == .empty)
        #expect(error.message == "the file is empty")
    }

    @Test func truncatedInsideAnElement() throws {
        let error = try #require(readError("<?xml version=\"1.0\"?>\n<gpx version=\"1.1\">\n<trk><trkseg><trkpt lat=\"1\" lon=\"1\"/>"))
        #expect(error.kind == .truncated)
        #expect(error.description == "test.gpx:3:38: the file ends before the document does (truncated?): no element found")
    }

    @Test func truncatedInsideATag() throws {
        let error = try #require(readError("<gpx version=\"1.1\"><wpt lat=\"1\" lo"))
        #expect(error.kind == .truncated)
        #expect(error.description == "test.gpx:1:20: the file ends before the document does (truncated?): unclosed token")
    }

    @Test func unknownEncodingIsReported() throws {
        let error = try #require(readError("<?xml version=\"1.0\" encoding=\"klingon\"?><gpx/>"))
        #expect(error.kind == .notWellFormed(expatCode: 18))
        #expect(error.message == "unknown encoding")
    }

    @Test(arguments: [
        ("<wpt lon=\"1\"/>", GPXReadError.Kind.missingCoordinate, "3:1: <wpt> has no lat attribute"),
        ("<wpt lat=\"1\"/>", .missingCoordinate, "3:1: <wpt> has no lon attribute"),
        ("<wpt lat=\"north\" lon=\"1\"/>", .invalidCoordinate, "3:1: <wpt> lat=\"north\" is not a number"),
        ("<wpt lat=\"1\" lon=\"1e\"/>", .invalidCoordinate, "3:1: <wpt> lon=\"1e\" is not a number"),
        ("<wpt lat=\"91.38389\" lon=\"1\"/>", .coordinateOutOfRange, "3:1: <wpt> latitude 91.38389 is outside -90…90"),
        ("<wpt lat=\"-90.5\" lon=\"1\"/>", .coordinateOutOfRange, "3:1: <wpt> latitude -90.5 is outside -90…90"),
        ("<rte><rtept lat=\"1\" lon=\"-180.5\"/></rte>", .coordinateOutOfRange, "3:6: <rtept> longitude -180.5 is outside -180…180"),
        ("<trk><trkseg><trkpt lat=\"1\" lon=\"180.87702\"/></trkseg></trk>", .coordinateOutOfRange, "3:14: <trkpt> longitude 180.87702 is outside -180…180"),
        ("<wpt lat=\"1\" lon=\"1\"><time>not-a-timestamp</time></wpt>", .invalidTime, "3:22: <time> \"not-a-timestamp\" is not an ISO 8601 date-time"),
        ("<metadata><time>yesterday</time></metadata>", .invalidTime, "3:11: <time> \"yesterday\" is not an ISO 8601 date-time"),
    ])
    func invalidDataIsAnErrorWithItsPosition(body: String, kind: GPXReadError.Kind, description: String) throws {
        let error = try #require(readError(gpx11(body)))
        #expect(error.kind == kind)
        #expect(error.description == "test.gpx:" + description)
    }

    @Test func unreadableFileNamesTheReason() throws {
        #expect(throws: GPXReadError(
            kind: .unreadable, file: "/nonexistent/x.gpx", position: nil,
            message: "cannot open: No such file or directory")
        ) {
            try GPXReader().read(contentsOf: "/nonexistent/x.gpx")
        }
    }

    @Test func aDirectoryIsUnreadable() throws {
        #expect(throws: GPXReadError(kind: .unreadable, file: "/tmp", position: nil, message: "cannot read: a directory, not a regular file")) {
            try GPXReader().read(contentsOf: "/tmp")
        }
    }
}

@Suite struct LenientTests {
    /// Modelled on legacy OpenTracks exports, which mark pauses with lat="100" and lat="200".
    private let pauseMarkers = gpx11("""
        <trk><trkseg>
          <trkpt lat="3" lon="14"><time>2021-01-07T21:51:59.179Z</time></trkpt>
          <trkpt lat="100" lon="0"><time>2021-01-07T21:52:00Z</time></trkpt>
          <trkpt lat="200" lon="0"><time>2021-01-07T21:52:01Z</time></trkpt>
          <trkpt lat="3" lon="14.001"><time>2021-01-07T21:52:02Z</time></trkpt>
          <trkpt lat="3" lon="14.002"><time>soon</time></trkpt>
          <trkpt lat="3" lon="14.003"><time>2021-01-07T21:52:04.103Z</time></trkpt>
        </trkseg></trk>
        """)

    @Test func strictStopsAtTheFirstInvalidPoint() throws {
        let error = try #require(readError(pauseMarkers))
        #expect(error.description == "test.gpx:5:3: <trkpt> latitude 100 is outside -90…90")
    }

    @Test func lenientKeepsEveryValidPointAndWarnsForEachSkippedOne() throws {
        let document = try read(pauseMarkers, lenient: true)
        let points = document.tracks[0].segments[0].points
        #expect(points.map(\.longitude) == [14, 14.001, 14.003])
        #expect(points.map { $0.time?.iso8601String } == [
            "2021-01-07T21:51:59.179Z", "2021-01-07T21:52:02Z", "2021-01-07T21:52:04.103Z",
        ])
        #expect(document.warnings.map(\.description) == [
            "5:3: skipped point: <trkpt> latitude 100 is outside -90…90",
            "6:3: skipped point: <trkpt> latitude 200 is outside -90…90",
            "8:31: skipped point: <time> \"soon\" is not an ISO 8601 date-time",
        ])
    }

    @Test func lenientStillRefusesMalformedXML() throws {
        let error = try #require(readError("<gpx><wpt lat=\"1\" lon=\"1\"></gpx>", lenient: true))
        #expect(error.kind == .notWellFormed(expatCode: 7))
    }

    @Test func lenientDropsABadMetadataTimeWithAWarning() throws {
        let document = try read(gpx11("<metadata><name>n</name><time>yesterday</time></metadata>"), lenient: true)
        #expect(document.metadata == GPXMetadata(name: "n"))
        #expect(document.warnings.map(\.description) == [
            "3:25: ignored metadata <time> \"yesterday\" is not an ISO 8601 date-time"
        ])
    }
}
