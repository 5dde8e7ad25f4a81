import GPX
import Testing

@Suite struct EncodingTests {
    private func document(encoding: String, nameBytes: [UInt8]) -> [UInt8] {
        Array("<?xml version=\"1.0\" encoding=\"\(encoding)\"?><gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>".utf8)
            + nameBytes + Array("</name></wpt></gpx>".utf8)
    }

    @Test func utf8WithByteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<gpx><wpt lat=\"1\" lon=\"2\"><name>Višnjan</name></wpt></gpx>".utf8)
        #expect(try read(bytes).waypoints[0].name == "Višnjan")
    }

    @Test func utf16LittleEndianWithByteOrderMark() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><gpx><wpt lat=\"1\" lon=\"2\"><name>Zürich €</name></wpt></gpx>"
        let bytes: [UInt8] = [0xFF, 0xFE] + xml.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try read(bytes).waypoints[0].name == "Zürich €")
    }

    @Test func utf16BigEndianWithByteOrderMark() throws {
        let xml = "<gpx><wpt lat=\"1\" lon=\"2\"><name>Zürich</name></wpt></gpx>"
        let bytes: [UInt8] = [0xFE, 0xFF] + xml.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try read(bytes).waypoints[0].name == "Zürich")
    }

    @Test(arguments: [
        ("ISO-8859-1", [0x5A, 0xFC, 0x72, 0x69, 0x63, 0x68] as [UInt8], "Zürich"),
        ("US-ASCII", Array("Zurich".utf8), "Zurich"),
        ("windows-1252", [0x93, 0x80, 0x35, 0x94, 0x20, 0xE9], "“€5” é"),
        ("Windows-1252", [0x8A, 0x9A], "Šš"),
        ("ISO-8859-15", [0xA4, 0xBD], "€œ"),
    ])
    func singleByteEncodings(encoding: String, nameBytes: [UInt8], expected: String) throws {
        #expect(try read(document(encoding: encoding, nameBytes: nameBytes)).waypoints[0].name == expected)
    }

    @Test func bytesInvalidForTheDeclaredEncodingAreAnError() throws {
        let error = try #require(readError(document(encoding: "UTF-8", nameBytes: [0xFF, 0xFE])))
        #expect(error.kind == .notWellFormed(expatCode: 4))
    }
}
