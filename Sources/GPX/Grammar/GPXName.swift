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
        let (namespace, _, name) = classifyWithURILength(qualifiedName)
        return (namespace, name)
    }

    /// As ``classify(_:)``, with the URI's length in bytes (where the separator is); `nil` for a
    /// name in no namespace.
    static func classifyWithURILength(_ qualifiedName: UnsafePointer<CChar>) -> (GPXNamespace, uriLength: Int?, GPXName?) {
        let raw = UnsafeRawPointer(qualifiedName).assumingMemoryBound(to: UInt8.self)
        // Most elements of most files are GPX 1.1: test that prefix first, without measuring the URI.
        let gpx11Prefix: StaticString = "http://www.topografix.com/GPX/1/1\u{1}"
        // strncmp, not memcmp: it stops at the terminator of a shorter name.
        let prefix = UnsafeRawPointer(gpx11Prefix.utf8Start).assumingMemoryBound(to: CChar.self)
        if strncmp(qualifiedName, prefix, gpx11Prefix.utf8CodeUnitCount) == 0 {
            let uriLength = gpx11Prefix.utf8CodeUnitCount - 1
            return (.gpx11, uriLength, localName(qualifiedName + uriLength + 1))
        }
        let length = strlen(qualifiedName)
        guard let found = memchr(raw, Int32(separator), length) else {
            return (.none, nil, name(UnsafeBufferPointer(start: raw, count: length)))
        }
        let split = UnsafeRawPointer(found) - UnsafeRawPointer(raw)
        let namespace = classifyURI(UnsafeBufferPointer(start: raw, count: split))
        return (namespace, split, name(UnsafeBufferPointer(start: raw + split + 1, count: length - split - 1)))
    }

    /// The name of a NUL-terminated local part.
    static func localName(_ local: UnsafePointer<CChar>) -> GPXName? {
        name(UnsafeBufferPointer(start: UnsafeRawPointer(local).assumingMemoryBound(to: UInt8.self), count: strlen(local)))
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

/// The namespaces of the last two bindings met, remembered by the pointer expat names their
/// elements with, so that an element of a remembered binding skips the URI's comparison.
///
/// With namespaces on, expat hands a namespaced element's name in its binding's own buffer
/// (`URI<separator>local`, the local part copied in for each element), so every element of one
/// binding comes with the same pointer, and the buffer's URI changes only when the binding is
/// reused for a new declaration. A pointer is trusted only while it is known to be such a live
/// buffer (the reader's `Tests/GPXTests` check each way it could stop being one):
/// - any namespace declaration forgets everything (a freed binding, buffer and all, is reused
///   for the next declaration, whatever its URI);
/// - a classified element whose pointer is not remembered forgets the entries of its URI's kind
///   and length: its binding's buffer may have moved (a long local name grows it, freeing the old
///   one, which another buffer may take);
/// - a skipped element (not classified) whose pointer is not remembered forgets everything, for the same reason.
/// A name in no namespace lies in expat's tag buffer, which is never remembered.
struct NamespaceMemo {
    private struct Entry {
        var name: UnsafePointer<CChar>
        var uriLength: Int
        var namespace: GPXNamespace
    }

    private var newer: Entry?
    private var older: Entry?

    /// The element's namespace and local name, from memory when its binding's buffer is remembered.
    mutating func classify(_ qualifiedName: UnsafePointer<CChar>) -> (GPXNamespace, GPXName?) {
        if let entry = newer, entry.name == qualifiedName {
            return (entry.namespace, ElementNameClassifier.localName(qualifiedName + entry.uriLength + 1))
        }
        if let entry = older, entry.name == qualifiedName {
            return (entry.namespace, ElementNameClassifier.localName(qualifiedName + entry.uriLength + 1))
        }
        let (namespace, uriLength, name) = ElementNameClassifier.classifyWithURILength(qualifiedName)
        // The same URI's kind and length in a remembered entry may be this binding's old, freed buffer.
        if let entry = older, entry.namespace == namespace, entry.uriLength == uriLength { older = nil }
        if let entry = newer, entry.namespace == namespace, entry.uriLength == uriLength { newer = older; older = nil }
        if let uriLength {
            older = newer
            newer = Entry(name: qualifiedName, uriLength: uriLength, namespace: namespace)
        }
        return (namespace, name)
    }

    /// An element passed over unclassified: unless its pointer is remembered, forget everything.
    @inline(__always)
    mutating func noteSkipped(_ qualifiedName: UnsafePointer<CChar>) {
        guard newer?.name != qualifiedName && older?.name != qualifiedName else { return }
        forgetAll()
    }

    /// A namespace is declared: a binding (and its buffer) may be reused for another URI.
    mutating func forgetAll() {
        newer = nil
        older = nil
    }
}
