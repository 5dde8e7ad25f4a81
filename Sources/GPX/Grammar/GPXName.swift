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
        // Most elements of most files are GPX 1.1: test that prefix first, without measuring the URI.
        let gpx11Prefix: StaticString = "http://www.topografix.com/GPX/1/1\u{1}"
        // strncmp, not memcmp: it stops at the terminator of a shorter name.
        let prefix = UnsafeRawPointer(gpx11Prefix.utf8Start).assumingMemoryBound(to: CChar.self)
        if strncmp(qualifiedName, prefix, gpx11Prefix.utf8CodeUnitCount) == 0 {
            let local = raw + gpx11Prefix.utf8CodeUnitCount
            return (.gpx11, name(UnsafeBufferPointer(start: local, count: strlen(local))))
        }
        let length = strlen(qualifiedName)
        guard let found = memchr(raw, Int32(separator), length) else {
            return (.none, name(UnsafeBufferPointer(start: raw, count: length)))
        }
        let split = UnsafeRawPointer(found) - UnsafeRawPointer(raw)
        let namespace = classifyURI(UnsafeBufferPointer(start: raw, count: split))
        return (namespace, name(UnsafeBufferPointer(start: raw + split + 1, count: length - split - 1)))
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

    /// A switch on the length, then byte comparisons the compiler inlines: this runs for every
    /// element, and a table or hash lookup measured slower.
    private static func name(_ local: UnsafeBufferPointer<UInt8>) -> GPXName? {
        switch local.count {
        case 2:
            if same(local, "hr") { return .hr }
        case 3:
            if same(local, "ele") { return .ele }
            if same(local, "trk") { return .trk }
            if same(local, "wpt") { return .wpt }
            if same(local, "rte") { return .rte }
            if same(local, "gpx") { return .gpx }
            if same(local, "cmt") { return .cmt }
            if same(local, "src") { return .src }
            if same(local, "sym") { return .sym }
            if same(local, "fix") { return .fix }
            if same(local, "sat") { return .sat }
            if same(local, "cad") { return .cad }
        case 4:
            if same(local, "time") { return .time }
            if same(local, "name") { return .name }
            if same(local, "desc") { return .desc }
            if same(local, "type") { return .type }
            if same(local, "hdop") { return .hdop }
            if same(local, "vdop") { return .vdop }
            if same(local, "pdop") { return .pdop }
        case 5:
            if same(local, "trkpt") { return .trkpt }
            if same(local, "rtept") { return .rtept }
            if same(local, "speed") { return .speed }
            if same(local, "atemp") { return .atemp }
            if same(local, "wtemp") { return .wtemp }
            if same(local, "depth") { return .depth }
        case 6:
            if same(local, "trkseg") { return .trkseg }
            if same(local, "course") { return .course }
            if same(local, "number") { return .number }
            if same(local, "author") { return .author }
            if same(local, "bounds") { return .bounds }
        case 7:
            if same(local, "bearing") { return .bearing }
        case 8:
            if same(local, "metadata") { return .metadata }
            if same(local, "keywords") { return .keywords }
        case 10:
            if same(local, "extensions") { return .extensions }
        case 19:
            if same(local, "TrackPointExtension") { return .trackPointExtension }
        default:
            break
        }
        return nil
    }

    /// Byte equality for names of the same length, inlined so that a mismatch costs a compare or two.
    @inline(__always)
    private static func same(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        let other = literal.utf8Start
        for index in 0..<bytes.count where bytes[index] != other[index] { return false }
        return true
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
