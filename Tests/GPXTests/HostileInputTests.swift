import Foundation
import GPX
import Testing

@Suite struct HostileInputTests {
    /// Nine levels of ten references each: 10⁹ "lol"s if expanded, inside `target`.
    private func billionLaughs(in target: String = "<extensions><x>&lol9;</x></extensions>") -> String {
        var entities = ["<!ENTITY lol0 \"lol\">"]
        for level in 1...9 {
            let references = String(repeating: "&lol\(level - 1);", count: 10)
            entities.append("<!ENTITY lol\(level) \"\(references)\">")
        }
        return "<?xml version=\"1.0\"?>\n<!DOCTYPE gpx [\n" + entities.joined(separator: "\n")
            + "\n]>\n<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"1\">\(target)</wpt></gpx>\n"
    }

    @Test func entityExpansionBombIsStoppedByExpat() throws {
        let error = try #require(readError(billionLaughs()))
        #expect(error.kind == .entityExpansionLimit)
        #expect(error.message.hasPrefix("limit on input amplification factor (from DTD and entities) breached"))
    }

    @Test func entityExpansionIntoAValueStopsAtTheValueLimit() throws {
        // Within expat's amplification limit a value could still reach gigabytes; the reader's own limit stops it.
        let error = try #require(readError(billionLaughs(in: "<name>&lol9;</name>")))
        #expect(error.description == "test.gpx:14:41: <name> is longer than the limit of 1048576 bytes")
        #expect(error.kind == .valueTooLong)
    }

    @Test func externalEntitiesAreNeverLoaded() throws {
        let secretFile = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-secret-\(getpid()).txt")
        try "TOPSECRET-42".write(to: secretFile, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secretFile) }
        let document = try read("""
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file://\(secretFile.path)">
              <!ENTITY % remote SYSTEM "file://\(secretFile.path)"> %remote;]>
            <gpx version="1.1"><wpt lat="1" lon="1"><name>&xxe;</name><desc>kept</desc></wpt></gpx>
            """)
        #expect(document.waypoints.count == 1)
        #expect(document.waypoints[0].name == nil)
        #expect(document.waypoints[0].description == "kept")
        #expect(!"\(document)".contains("TOPSECRET"))
    }

    @Test func deepNestingOfForeignElementsIsSkipped() throws {
        let depth = 200_000
        let xml = "<gpx version=\"1.1\"><extensions>" + String(repeating: "<a>", count: depth)
            + String(repeating: "</a>", count: depth) + "</extensions><wpt lat=\"1\" lon=\"2\"/></gpx>"
        #expect(try read(xml).waypoints == [GPXPoint(latitude: 1, longitude: 2)])
    }

    @Test func deepNestingOfGPXElementsIsSkipped() throws {
        let depth = 200_000
        let xml = "<gpx version=\"1.1\">" + String(repeating: "<trk>", count: depth)
            + String(repeating: "</trk>", count: depth) + "</gpx>"
        let document = try read(xml)
        #expect(document.tracks.count == 1)
        #expect(document.tracks[0].segments.isEmpty)
    }

    @Test func deepUnclosedNestingIsATruncatedFile() throws {
        let error = try #require(readError("<gpx version=\"1.1\">" + String(repeating: "<trk>", count: 200_000)))
        #expect(error.kind == .truncated)
        #expect(error.position == GPXSourcePosition(line: 1, column: 1_000_020))
    }
}
