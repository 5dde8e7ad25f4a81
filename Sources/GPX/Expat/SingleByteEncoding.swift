/// Single-byte encodings libexpat does not know itself but GPX writers declare.
///
/// Expat reads UTF-8, UTF-16, ISO-8859-1 and US-ASCII; Windows programs write `windows-1252`,
/// some European ones `ISO-8859-15`. Each table maps a byte to its Unicode scalar.
enum SingleByteEncoding {
    static func table(named name: String) -> [UInt32]? {
        switch name.lowercased() {
        case "windows-1252", "cp1252", "x-cp1252": windows1252
        case "iso-8859-15", "iso8859-15", "latin-9", "latin9": iso8859_15
        default: nil
        }
    }

    /// WHATWG's windows-1252 index: Latin-1 but for 0x80–0x9F; the five unassigned bytes map to C1 controls.
    static let windows1252: [UInt32] = {
        var table = (0..<256).map { UInt32($0) }
        let high: [UInt32] = [
            0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
            0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
            0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
            0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
        ]
        for (offset, scalar) in high.enumerated() { table[0x80 + offset] = scalar }
        return table
    }()

    /// ISO-8859-15: Latin-1 with eight code points replaced (the euro sign among them).
    static let iso8859_15: [UInt32] = {
        var table = (0..<256).map { UInt32($0) }
        let changes: [(Int, UInt32)] = [
            (0xA4, 0x20AC), (0xA6, 0x0160), (0xA8, 0x0161), (0xB4, 0x017D),
            (0xB8, 0x017E), (0xBC, 0x0152), (0xBD, 0x0153), (0xBE, 0x0178),
        ]
        for (byte, scalar) in changes { table[byte] = scalar }
        return table
    }()
}
