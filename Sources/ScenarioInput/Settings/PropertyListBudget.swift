import Foundation

/// Measures what a property list decodes to before Foundation decodes it, so that a small file
/// cannot fill memory: a binary plist's objects may share references, and decoding copies a
/// shared object once per reference (a 108 KB file peaked at 788 MB), so the 1 MB file limit
/// bounds nothing. The binary format's objects are walked here (trailer, offset table, markers),
/// each reachable object's expanded size counted once and remembered; XML and old-style (OpenStep)
/// text, which decode linearly, have their values and nesting counted. Only then does Foundation
/// decode the file.
enum PropertyListBudget {
    /// Why a file is refused: what, where (a line and column of text, an object and byte of a
    /// binary file) and why; the reader adds the file's name and what to do.
    struct Refusal: Error, Equatable {
        /// Where: `3:5` (a line and column of text) or `object 12 at byte 4096` (binary).
        var place: String?
        var message: String

        /// `FILE:LINE:COLUMN: message` for text, `FILE: object N at byte B: message` for binary.
        func located(in file: String) -> String {
            guard let place else { return "\(file): \(message)" }
            return place.first?.isNumber == true ? "\(file):\(place): \(message)" : "\(file): \(place): \(message)"
        }
    }

    /// The limits, ``InfoPlist``'s by default.
    struct Limits {
        var values = InfoPlist.maximumValues
        var expandedBytes = InfoPlist.maximumExpandedBytes
        var depth = InfoPlist.maximumDepth
    }

    /// Throws a ``Refusal`` when `bytes` would decode past `limits`, or is a binary plist whose
    /// structure is broken (Foundation is then not asked).
    static func check(_ bytes: [UInt8], _ limits: Limits = Limits()) throws(Refusal) {
        if bytes.starts(with: Array("bplist".utf8)) {
            var walk = try BinaryWalk(bytes, limits)
            try walk.measure()
        } else {
            try TextWalk(bytes, limits).measure()
        }
    }

    /// "more than 100000 values", "more than 4 MB": what exceeded which limit.
    static func tooManyValues(_ limits: Limits, expanded: Bool) -> String {
        expanded ? "expands to more than \(limits.values) values \(sharing)" : "holds more than \(limits.values) values"
    }

    /// Why shared objects count for each reference.
    static let sharing = "(a shared object counts once per reference: decoding copies it)"
}

// MARK: Binary

/// A `bplist00` file: 8 bytes of header, the objects, an offset table (an offset per object),
/// and a 32-byte trailer that says how big offsets and references are, how many objects there
/// are, which is the top one and where the table starts.
private struct BinaryWalk {
    let bytes: [UInt8]
    let limits: PropertyListBudget.Limits
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let top: Int
    let tableStart: Int
    /// Each object's expanded (values, bytes), once measured.
    var measured: [(values: Int, bytes: Int)?]
    /// The objects on the path from the top, to tell a loop.
    var onPath: [Bool]

    init(_ bytes: [UInt8], _ limits: PropertyListBudget.Limits) throws(PropertyListBudget.Refusal) {
        self.bytes = bytes
        self.limits = limits
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            let version = String(decoding: bytes.prefix(8).dropFirst(6), as: UTF8.self)
            throw .init(place: nil, message: "a binary property list of version '\(SafeText.terminal(version))', not 00, the version Foundation reads")
        }
        guard bytes.count >= 8 + 1 + 32 else { throw Self.broken("too short for a header, an object and a trailer", at: nil) }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw Self.broken("the trailer gives offsets of \(offsetSize) and references of \(referenceSize) bytes (1 to 8)", at: nil)
        }
        let count = Self.integer(bytes, at: trailer + 8, size: 8)
        let topObject = Self.integer(bytes, at: trailer + 16, size: 8)
        let table = Self.integer(bytes, at: trailer + 24, size: 8)
        // Every object takes a byte at least: a count past the file's size is a lie, not a budget question.
        guard count >= 1, count <= UInt64(trailer) else { throw Self.broken("the trailer counts \(count) objects in a file of \(bytes.count) bytes", at: nil) }
        guard count <= UInt64(limits.values) else {
            throw .init(place: nil, message: "\(PropertyListBudget.tooManyValues(limits, expanded: false)) (\(count) objects)")
        }
        guard topObject < count else { throw Self.broken("the top object is number \(topObject) of \(count)", at: nil) }
        guard table >= 8, table <= UInt64(trailer), (UInt64(trailer) - table) / UInt64(offsetSize) >= count else {
            throw Self.broken("the offset table (at byte \(table), \(count) offsets of \(offsetSize) bytes) is not between the objects and the trailer", at: nil)
        }
        objectCount = Int(count)
        top = Int(topObject)
        tableStart = Int(table)
        measured = Array(repeating: nil, count: objectCount)
        onPath = Array(repeating: false, count: objectCount)
    }

    static func broken(_ problem: String, at place: String?) -> PropertyListBudget.Refusal {
        .init(place: place, message: "not a valid binary property list: \(problem)")
    }

    /// A big-endian unsigned integer of `size` bytes (the caller has checked they are in the file).
    static func integer(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in offset..<(offset + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    mutating func measure() throws(PropertyListBudget.Refusal) {
        _ = try measure(top, depth: 1)
    }

    /// Where object `number` starts, checked to lie among the objects.
    func offset(of number: Int) throws(PropertyListBudget.Refusal) -> Int {
        let offset = Self.integer(bytes, at: tableStart + number * offsetSize, size: offsetSize)
        guard offset >= 8, offset < UInt64(tableStart) else {
            throw Self.broken("its offset (\(offset)) is outside the objects (bytes 8 to \(tableStart))", at: "object \(number)")
        }
        return Int(offset)
    }

    /// The expanded values and bytes of object `number`: itself, and what it refers to, each
    /// counted as often as it is referred to; throws once past a limit.
    mutating func measure(_ number: Int, depth: Int) throws(PropertyListBudget.Refusal) -> (values: Int, bytes: Int) {
        if let known = measured[number] { return known }
        let start = try offset(of: number)
        let place = "object \(number) at byte \(start)"
        guard !onPath[number] else { throw Self.broken("it contains itself (a reference loop)", at: place) }
        let marker = bytes[start]
        let info = Int(marker & 0x0F)
        var cursor = start + 1
        /// `count` more bytes of this object, checked to end before the offset table.
        func take(_ count: Int) throws(PropertyListBudget.Refusal) -> Int {
            guard count >= 0, count <= tableStart - cursor else {
                throw Self.broken("its \(count) bytes run past the objects (into the offset table)", at: place)
            }
            defer { cursor += count }
            return cursor
        }
        /// A length in the marker's low nibble, or (15) in the integer object after it.
        func length() throws(PropertyListBudget.Refusal) -> Int {
            guard info == 0x0F else { return info }
            let intMarker = bytes[try take(1)]
            guard intMarker >> 4 == 0x1, intMarker & 0x0F <= 3 else { throw Self.broken("its length is not an integer of 1 to 8 bytes", at: place) }
            let size = 1 << Int(intMarker & 0x0F)
            let value = Self.integer(bytes, at: try take(size), size: size)
            guard value <= UInt64(bytes.count) else { throw Self.broken("its length (\(value)) is more than the file holds", at: place) }
            return Int(value)
        }
        var references: [Int] = []
        switch marker >> 4 {
        case 0x0:  // null, false, true, fill
            guard [0x0, 0x8, 0x9, 0xF].contains(info) else { throw Self.broken("marker 0x\(String(marker, radix: 16)) is no object", at: place) }
        case 0x1:  // an integer of 2^n bytes
            guard info <= 4 else { throw Self.broken("an integer of 2^\(info) bytes", at: place) }
            _ = try take(1 << info)
        case 0x2:  // a real of 4 or 8 bytes
            guard info == 2 || info == 3 else { throw Self.broken("a real of 2^\(info) bytes", at: place) }
            _ = try take(1 << info)
        case 0x3:  // a date: a real of 8 bytes
            guard info == 3 else { throw Self.broken("a date of 2^\(info) bytes", at: place) }
            _ = try take(8)
        case 0x4, 0x5:  // data, ASCII text: a byte a unit
            _ = try take(try length())
        case 0x6:  // UTF-16 text: two bytes a unit
            let units = try length()
            _ = try take(units > Int.max / 2 ? -1 : units * 2)
        case 0x8:  // a UID of n + 1 bytes
            _ = try take(info + 1)
        case 0xA, 0xC, 0xD:  // an array, a set, a dictionary (keys, then values)
            guard depth <= limits.depth else {
                throw .init(place: place, message: "nested more than \(limits.depth) deep")
            }
            let count = try length()
            let total = marker >> 4 == 0xD ? (count > Int.max / 2 ? -1 : count * 2) : count
            let first = try take(total < 0 || total > Int.max / referenceSize ? -1 : total * referenceSize)
            references.reserveCapacity(total)
            for index in 0..<total {
                let reference = Self.integer(bytes, at: first + index * referenceSize, size: referenceSize)
                guard reference < UInt64(objectCount) else {
                    throw Self.broken("it refers to object \(reference), of \(objectCount)", at: place)
                }
                references.append(Int(reference))
            }
        default:
            throw Self.broken("marker 0x\(String(marker, radix: 16)) is no object", at: place)
        }
        var values = 1, size = cursor - start
        onPath[number] = true
        for reference in references {
            let child = try measure(reference, depth: depth + 1)
            values += child.values
            size += child.bytes
            if values > limits.values {
                throw .init(place: place, message: PropertyListBudget.tooManyValues(limits, expanded: true))
            }
            if size > limits.expandedBytes {
                throw .init(place: place, message: "expands to more than \(limits.expandedBytes >> 20) MB \(PropertyListBudget.sharing)")
            }
        }
        onPath[number] = false
        measured[number] = (values, size)
        return (values, size)
    }
}

// MARK: Text

/// An XML or old-style (OpenStep) plist: decoded in one pass, so only its values and nesting
/// need counting. XML: every start tag is a value (keys too, an upper bound), and nesting is
/// the elements open; OpenStep: every `{`, `(`, `<`, `=`, `,` and `;` outside strings and
/// comments starts or ends a value, and nesting is the `{` and `(` open.
private struct TextWalk {
    let bytes: [UInt8]
    let limits: PropertyListBudget.Limits

    init(_ bytes: [UInt8], _ limits: PropertyListBudget.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    func measure() throws(PropertyListBudget.Refusal) {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.prefix(64).contains(0) {
            throw .init(place: nil, message: "UTF-16 (or NUL bytes) where a text property list is UTF-8")
        }
        let first = bytes[start...].first { !Self.isSpace($0) }
        if first == UInt8(ascii: "<") {
            try xml(from: start)
        } else {
            try openStep(from: start)
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// 1-based line and column (in bytes) of `index`.
    func place(_ index: Int) -> String {
        var line = 1, lineStart = 0
        for position in 0..<min(index, bytes.count) where bytes[position] == UInt8(ascii: "\n") {
            line += 1
            lineStart = position + 1
        }
        return "\(line):\(index - lineStart + 1)"
    }

    private func index(of pattern: String, from: Int) -> Int? {
        let needle = Array(pattern.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var index = from
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private func xml(from start: Int) throws(PropertyListBudget.Refusal) {
        var values = 0, depth = 0, index = start
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            let rest = bytes[open...]
            if rest.starts(with: Array("<!--".utf8)) {
                index = (self.index(of: "-->", from: open + 4) ?? bytes.count - 3) + 3
            } else if rest.starts(with: Array("<![CDATA[".utf8)) {
                index = (self.index(of: "]]>", from: open + 9) ?? bytes.count - 3) + 3
            } else if rest.starts(with: Array("<?".utf8)) {
                index = (self.index(of: "?>", from: open + 2) ?? bytes.count - 2) + 2
            } else if rest.starts(with: Array("<!".utf8)) {
                // A declaration (DOCTYPE): to its '>', past a bracketed internal subset.
                var position = open + 2, brackets = 0
                while position < bytes.count, bytes[position] != UInt8(ascii: ">") || brackets > 0 {
                    if bytes[position] == UInt8(ascii: "[") { brackets += 1 }
                    if bytes[position] == UInt8(ascii: "]") { brackets -= 1 }
                    position += 1
                }
                index = position + 1
            } else {
                // A tag, to its '>' outside quoted attribute values.
                var position = open + 1, quote: UInt8?
                while position < bytes.count {
                    let byte = bytes[position]
                    if let open = quote { if byte == open { quote = nil } } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { quote = byte } else if byte == UInt8(ascii: ">") { break }
                    position += 1
                }
                if bytes.count > open + 1, bytes[open + 1] == UInt8(ascii: "/") {
                    depth -= 1
                } else {
                    values += 1
                    if values > limits.values { throw .init(place: place(open), message: PropertyListBudget.tooManyValues(limits, expanded: false)) }
                    let selfClosing = position < bytes.count && position > open + 1 && bytes[position - 1] == UInt8(ascii: "/")
                    if !selfClosing {
                        depth += 1
                        // The <plist> element itself is a level more than the values inside it.
                        if depth > limits.depth + 1 { throw .init(place: place(open), message: "nested more than \(limits.depth) deep") }
                    }
                }
                index = position + 1
            }
            if index >= bytes.count { break }
        }
    }

    private func openStep(from start: Int) throws(PropertyListBudget.Refusal) {
        var values = 0, depth = 0, index = start
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                index += 1
                while index < bytes.count, bytes[index] != byte {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                index = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index = (self.index(of: "*/", from: index + 2) ?? bytes.count - 2) + 1
            case UInt8(ascii: "{"), UInt8(ascii: "("):
                depth += 1
                if depth > limits.depth { throw .init(place: place(index), message: "nested more than \(limits.depth) deep") }
                fallthrough
            case UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: ";"):
                values += 1
                if values > limits.values { throw .init(place: place(index), message: PropertyListBudget.tooManyValues(limits, expanded: false)) }
            case UInt8(ascii: "}"), UInt8(ascii: ")"):
                depth -= 1
            default:
                break
            }
            index += 1
        }
    }
}
