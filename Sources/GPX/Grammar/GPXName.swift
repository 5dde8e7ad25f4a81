import Foundation

/// The namespace of an element as this reader cares about it.
enum GPXNamespace: UInt8 {
    /// No namespace at all: read as GPX (Wahoo, Xcode and others omit `xmlns`).
    case none
    case gpx10
    case gpx11
    /// Garmin TrackPointExtension, v1 or v2.
    case garminTrackPoint
    /// Anything else: never read as GPX.
    case other

    var isGPX: Bool { self == .none || self == .gpx10 || self == .gpx11 }

    /// The version a root element in this namespace implies.
    var impliedVersion: String? {
        switch self {
        case .gpx10: "1.0"
        case .gpx11: "1.1"
        default: nil
        }
    }
}

/// The local names this reader acts on; every other name is skipped with its subtree.
enum GPXName: UInt8 {
    case gpx, metadata, wpt, rte, rtept, trk, trkseg, trkpt, extensions
    case name, desc, cmt, src, sym, type, number, time, keywords, author, bounds
    case ele, course, speed, fix, sat, hdop, vdop, pdop
    // Garmin TrackPointExtension
    case trackPointExtension, hr, cad, atemp, wtemp, depth, bearing
}

/// Splits and classifies the `URI<separator>local` names that `XML_ParserCreateNS` reports,
/// comparing bytes only: no `String` is made per element.
enum ElementNameClassifier {
    /// Separates namespace URI and local name; 0x01 cannot occur in XML 1.0 text, so it is unambiguous.
    static let separator: CChar = 0x01

    static func classify(_ qualifiedName: UnsafePointer<CChar>) -> (GPXNamespace, GPXName?) {
        let raw = UnsafeRawPointer(qualifiedName).assumingMemoryBound(to: UInt8.self)
        let length = strlen(qualifiedName)
        let full = UnsafeBufferPointer(start: raw, count: length)
        guard let split = full.firstIndex(of: UInt8(bitPattern: separator)) else {
            return (.none, name(UnsafeBufferPointer(rebasing: full[...])))
        }
        let namespace = classifyURI(UnsafeBufferPointer(rebasing: full[..<split]))
        let local = UnsafeBufferPointer(rebasing: full[(split + 1)...])
        return (namespace, name(local))
    }

    /// The element's name for messages: `local`, or `{uri}local` for a namespaced one.
    static func displayName(_ qualifiedName: UnsafePointer<CChar>) -> String {
        let name = String(cString: qualifiedName)
        guard let split = name.firstIndex(of: "\u{1}") else { return name }
        return "{\(name[..<split])}\(name[name.index(after: split)...])"
    }

    private static func classifyURI(_ uri: UnsafeBufferPointer<UInt8>) -> GPXNamespace {
        if equal(uri, "http://www.topografix.com/GPX/1/1") { return .gpx11 }
        if equal(uri, "http://www.topografix.com/GPX/1/0") { return .gpx10 }
        if isGarminTrackPointExtension(uri) { return .garminTrackPoint }
        return .other
    }

    /// `http(s)://www.garmin.com/xmlschemas/TrackPointExtension/v1` or `/v2`; OpenTracks writes `xmlschemes`.
    private static func isGarminTrackPointExtension(_ uri: UnsafeBufferPointer<UInt8>) -> Bool {
        let hosts: [StaticString] = ["http://www.garmin.com/xmlschem", "https://www.garmin.com/xmlschem"]
        guard let host = hosts.first(where: { hasPrefix(uri, $0) }) else { return false }
        let rest = UnsafeBufferPointer(rebasing: uri[host.utf8CodeUnitCount...])
        return equal(rest, "as/TrackPointExtension/v1") || equal(rest, "as/TrackPointExtension/v2")
            || equal(rest, "es/TrackPointExtension/v1") || equal(rest, "es/TrackPointExtension/v2")
    }

    private static let namesByLength: [[(StaticString, GPXName)]] = {
        let all: [(StaticString, GPXName)] = [
            ("gpx", .gpx), ("metadata", .metadata), ("wpt", .wpt), ("rte", .rte), ("rtept", .rtept),
            ("trk", .trk), ("trkseg", .trkseg), ("trkpt", .trkpt), ("extensions", .extensions),
            ("name", .name), ("desc", .desc), ("cmt", .cmt), ("src", .src), ("sym", .sym),
            ("type", .type), ("number", .number), ("time", .time), ("keywords", .keywords),
            ("author", .author), ("bounds", .bounds), ("ele", .ele), ("course", .course),
            ("speed", .speed), ("fix", .fix), ("sat", .sat), ("hdop", .hdop), ("vdop", .vdop),
            ("pdop", .pdop), ("TrackPointExtension", .trackPointExtension), ("hr", .hr),
            ("cad", .cad), ("atemp", .atemp), ("wtemp", .wtemp), ("depth", .depth),
            ("bearing", .bearing),
        ]
        var table = [[(StaticString, GPXName)]](repeating: [], count: 20)
        for entry in all { table[entry.0.utf8CodeUnitCount].append(entry) }
        return table
    }()

    private static func name(_ local: UnsafeBufferPointer<UInt8>) -> GPXName? {
        guard local.count < namesByLength.count else { return nil }
        for (candidate, name) in namesByLength[local.count] where equal(local, candidate) {
            return name
        }
        return nil
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        bytes.count == literal.utf8CodeUnitCount
            && (bytes.count == 0 || memcmp(bytes.baseAddress!, literal.utf8Start, bytes.count) == 0)
    }

    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        bytes.count >= literal.utf8CodeUnitCount
            && memcmp(bytes.baseAddress!, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }
}
