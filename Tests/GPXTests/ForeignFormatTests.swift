import GPX
import Testing

/// A file that is another format is named as what its first bytes are, not by expat's "syntax error".
@Suite struct ForeignFormatTests {
    @Test(arguments: [
        ("time,lat,lon\n2024-05-01T08:00:00Z,47,8\n", GPXForeignFormat.csv, "CSV text"),
        ("\u{FEFF}lat;lon\n47;8\n", .csv, "CSV text"),
        ("  {\"type\": \"FeatureCollection\", \"features\": []}", .json, "JSON"),
        ("[[47, 8]]", .json, "JSON"),
    ])
    func textFormatsAreNamed(content: String, format: GPXForeignFormat, name: String) throws {
        let error = try #require(readError(content))
        #expect(error.kind == .notGPX)
        #expect(error.foreignFormat == format)
        #expect(error.description == "test.gpx:1:1: this is \(name), not GPX")
    }

    @Test(arguments: [
        ([0x1F, 0x8B, 0x08, 0x00, 0x00], GPXForeignFormat.gzip),
        ([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00], .zip),
        ([0x0E, 0x10, 0x43, 0x08, 0x00, 0x00, 0x00, 0x00, 0x2E, 0x46, 0x49, 0x54], .fit),
        ([0x00, 0x01, 0x02, 0xFF], .binary),
    ] as [([UInt8], GPXForeignFormat)])
    func binaryFormatsAreNamed(bytes: [UInt8], format: GPXForeignFormat) throws {
        let error = try #require(readError(bytes))
        #expect(error.kind == .notGPX)
        #expect(error.foreignFormat == format)
        #expect(error.message == "this is \(format.description), not GPX")
    }

    /// The name comes from the first 512 bytes whatever the chunk size: with 1-byte chunks expat
    /// stopped at this fuzz finding's first byte, and the file was not named as binary.
    @Test(arguments: [1, 2, 7, 64 * 1024])
    func theNameDoesNotDependOnTheChunkSize(chunkSize: Int) throws {
        let bytes: [UInt8] = [0xF4, 0xFF, 0x33, 0xC5, 0x37, 0x00, 0x00]
        do {
            _ = try read(bytes, chunkSize: chunkSize)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .notGPX)
            #expect(error.foreignFormat == .binary)
        }
    }

    /// KML keeps the root element's message, and is named for the caller's advice.
    @Test func kmlKeepsItsRootMessageAndIsNamed() throws {
        let error = try #require(readError("<?xml version=\"1.0\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document/></kml>"))
        #expect(error.description == "test.gpx:2:1: the root element is <{http://www.opengis.net/kml/2.2}kml>, not <gpx>: this is not a GPX file")
        #expect(error.foreignFormat == .kml)
    }

    /// Broken XML, plain prose and an empty file are not mistaken for another format.
    @Test func brokenXMLAndProseAreNotNamedAsAFormat() throws {
        #expect(readError("<gpx version=\"1.1\">\n  <trk>\n  </gpx>")?.foreignFormat == nil)
        #expect(readError("hello world")?.foreignFormat == nil)
        #expect(readError("hello world")?.kind == .notWellFormed(expatCode: 2))
        #expect(readError("")?.kind == .empty)
        // Lines of a CSV file after the root started are the document's problem, not a format.
        #expect(readError("<gpx version=\"1.1\">a,b\n\u{1}")?.foreignFormat == nil)
    }
}
