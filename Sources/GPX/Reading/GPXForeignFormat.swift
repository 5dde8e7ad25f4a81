/// What a file that is not GPX holds, told from its first bytes, so that an error can name it
/// ("CSV text, not GPX") instead of quoting the XML parser ("syntax error").
public enum GPXForeignFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Comma-, semicolon- or tab-separated text: a phone's recording, a spreadsheet's export.
    case csv
    /// JSON, GeoJSON among it.
    case json
    /// Google Earth's XML (its root is `<kml>`).
    case kml
    /// Garmin's binary activity file (`.FIT` at byte 8).
    case fit
    /// gzip-compressed data (`track.gpx.gz`).
    case gzip
    /// A ZIP archive (a KMZ is one).
    case zip
    /// Any other bytes that are not text.
    case binary

    /// How a message names it: "CSV text".
    public var description: String {
        switch self {
        case .csv: "CSV text"
        case .json: "JSON"
        case .kml: "KML"
        case .fit: "a FIT file (Garmin's binary activity format)"
        case .gzip: "gzip-compressed data"
        case .zip: "a ZIP archive (a KMZ is one)"
        case .binary: "binary data"
        }
    }

    /// How many first bytes ``sniff(_:)`` looks at: enough for a header line or a root element.
    public static let headLength = 512

    /// The format `head` (a file's first bytes) starts like; `nil` for XML and for text of no
    /// known shape, which the XML parser's own message then describes.
    public static func sniff(_ head: some Collection<UInt8>) -> GPXForeignFormat? {
        let bytes = Array(head.prefix(headLength))
        if bytes.starts(with: [0x1F, 0x8B]) { return .gzip }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zip }
        if bytes.count >= 12, Array(bytes[8..<12]) == Array(".FIT".utf8) { return .fit }
        // UTF-16 and UTF-32 GPX have NULs between their letters: their byte order mark or `<` first.
        let utf16 = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
            || bytes.starts(with: [0x3C, 0x00]) || bytes.starts(with: [0x00, 0x3C])
        if !utf16, bytes.contains(where: { $0 < 0x09 || (0x0E...0x1F).contains($0) }) { return .binary }
        var text = bytes[...]
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
        text = text.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = text.first else { return nil }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["): return .json
        case UInt8(ascii: "<"):
            let lowered = String(decoding: text, as: UTF8.self).lowercased()
            return lowered.contains("<kml") ? .kml : nil
        default:
            let line = text.prefix { $0 != 0x0A && $0 != 0x0D }
            let separated = line.contains(UInt8(ascii: ",")) || line.contains(UInt8(ascii: ";")) || line.contains(0x09)
            return separated && !line.contains(UInt8(ascii: "<")) ? .csv : nil
        }
    }
}
