import Foundation
import GPX

/// Reads a CSV device recording line by line: a header naming `time`, `lat`, `lon` and optionally
/// `accuracy` (in any order; other columns are passed over), then a fix a line. Times are ISO 8601
/// or seconds since 1970; every number is checked where it is read, and an error names the
/// line and the column (in characters, from 1) where the bad field starts.
///
/// A line of ASCII whose fields are all good is read from its bytes (issue 33: 26–37 µs a row
/// through `String` and reversed collections); any other line — the header, non-ASCII text, a
/// field to refuse — is read as text, which gives the message.
struct CSVRecordingReader {
    /// The columns a recording's header names, as written there.
    enum Column: String, CaseIterable {
        case time, lat, lon, accuracy

        /// The columns every recording must have.
        static let required: [Column] = [.time, .lat, .lon]
        /// What a header looks like, for messages.
        static let headerExample = "time,lat,lon[,accuracy]"
    }

    /// The longest line read, in bytes: a recording's line is a few dozen.
    static let maximumLineLength = 4_096
    /// Bytes read from the file at a time.
    static let chunkSize = 65_536

    let path: String
    let origin: GPXTime

    func read(_ body: (DeviceFix) -> Void) throws(InputFileError) {
        let descriptor: Int32
        switch FileName.openRegularFile(path) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw InputFileError(kind: .cannotOpen, description: "\(path): \(error.description)")
        }
        defer { close(descriptor) }
        var columns: [Column: Int]?
        var places: ColumnPlaces?
        var memo = ISO8601TimeParser.DateMemo()
        var lineNumber = 0
        func take(_ bytes: UnsafeRawBufferPointer) throws(InputFileError) {
            lineNumber += 1
            if let places, let read = Self.fix(bytes, places, origin: origin, memo: &memo) {
                if case .fix(let fix) = read { body(fix) }
                return
            }
            try self.take(Array(bytes), number: lineNumber, columns: &columns, body)
            if places == nil, let columns { places = ColumnPlaces(columns) }
        }
        func tooLong() -> InputFileError {
            .data(path, line: lineNumber + 1, column: Self.maximumLineLength + 1,
                  "line longer than \(Self.maximumLineLength) bytes: a recording's line is a fix, a few dozen bytes")
        }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 1)
        defer { chunk.deallocate() }
        // The start of a line that a chunk's end cut off.
        let carried = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.maximumLineLength, alignment: 1)
        defer { carried.deallocate() }
        var carriedCount = 0
        func carry(_ bytes: UnsafeRawBufferPointer) {
            UnsafeMutableRawBufferPointer(rebasing: carried[carriedCount...]).copyMemory(from: bytes)
            carriedCount += bytes.count
        }
        while true {
            let count = Foundation.read(descriptor, chunk.baseAddress, Self.chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw InputFileError(kind: .cannotOpen, description: "\(path): cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            let bytes = UnsafeRawBufferPointer(rebasing: chunk[0..<count])
            var start = 0
            while start < count {
                guard let found = memchr(bytes.baseAddress! + start, Int32(UInt8(ascii: "\n")), count - start) else {
                    guard carriedCount + count - start <= Self.maximumLineLength else { throw tooLong() }
                    carry(UnsafeRawBufferPointer(rebasing: bytes[start...]))
                    break
                }
                let newline = UnsafeRawPointer(found) - bytes.baseAddress!
                guard carriedCount + newline - start <= Self.maximumLineLength else { throw tooLong() }
                let rest = UnsafeRawBufferPointer(rebasing: bytes[start..<newline])
                if carriedCount == 0 {
                    try take(rest)
                } else {
                    carry(rest)
                    try take(UnsafeRawBufferPointer(rebasing: carried[0..<carriedCount]))
                    carriedCount = 0
                }
                start = newline + 1
            }
        }
        if carriedCount > 0 {
            try take(UnsafeRawBufferPointer(rebasing: carried[0..<carriedCount]))
        }
        if columns == nil {
            throw .data(path, line: 1, column: 1, "empty: a recording starts with a header line \(Column.headerExample)")
        }
    }

    /// One line: the header first, then fixes; blank lines are passed over.
    private func take(_ bytes: [UInt8], number: Int, columns: inout [Column: Int]?, _ body: (DeviceFix) -> Void) throws(InputFileError) {
        var bytes = bytes[...]
        if number == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }  // a UTF-8 byte order mark
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .data(path, line: number, column: 1, "not UTF-8 text")
        }
        let fields = Self.fields(text)
        guard let known = columns else {
            columns = try header(fields, line: number)
            return
        }
        if fields.count == 1, fields[0].text.allSatisfy(\.isWhitespace) { return }
        func field(_ column: Column) throws(InputFileError) -> Field? {
            guard let index = known[column] else { return nil }
            guard index < fields.count else {
                throw .data(path, line: number, column: text.count + 1,
                            "missing the '\(column.rawValue)' column (the header names \(known.values.max()! + 1) columns, this line has \(fields.count))")
            }
            return fields[index]
        }
        let time = try field(.time)!
        let latitude = try field(.lat)!
        let longitude = try field(.lon)!
        let accuracy = try field(.accuracy)
        let seconds = try self.time(time, line: number)
        let lat = try Self.number(latitude, "latitude", in: -90...90, unit: "", path: path, line: number)
        let lon = try Self.number(longitude, "longitude", in: -180...180, unit: "", path: path, line: number)
        var metres: Double?
        if let accuracy, !accuracy.text.isEmpty {
            metres = try Self.number(accuracy, "accuracy", in: DeviceRecording.accuracyRange, unit: " m", path: path, line: number,
                                     note: " (Core Location marks an invalid fix with a negative accuracy: leave such fixes out)")
        }
        body(DeviceFix(time: seconds, latitude: lat, longitude: lon, accuracy: metres))
    }

    /// Where a header put the columns, for reading fixes from bytes.
    struct ColumnPlaces {
        var time: Int
        var lat: Int
        var lon: Int
        var accuracy: Int?
        /// The fields a line must have.
        var needed: Int

        init(_ columns: [Column: Int]) {
            time = columns[.time]!
            lat = columns[.lat]!
            lon = columns[.lon]!
            accuracy = columns[.accuracy]
            needed = max(time, lat, lon, accuracy ?? 0) + 1
        }
    }

    /// What a line read from bytes held.
    enum ReadLine {
        case fix(DeviceFix)
        case blank
    }

    /// A line after the header read from its bytes: `nil` when the text's way must read it (a
    /// non-ASCII byte, too few fields, a field that is no time or number or is out of range),
    /// which reads good lines to the same fixes and says what is wrong with the others.
    static func fix(_ bytes: UnsafeRawBufferPointer, _ places: ColumnPlaces, origin: GPXTime,
                    memo: inout ISO8601TimeParser.DateMemo) -> ReadLine? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return .blank }
        var end = bytes.count
        if bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        var time = 0..<0, lat = 0..<0, lon = 0..<0, accuracy = 0..<0
        var field = 0
        var fieldStart = 0
        var blank = true
        var index = 0
        // Each field ends at a comma or at the line's end; its spaces and tabs are trimmed.
        while index <= end {
            let byte = index < end ? bytes[index] : UInt8(ascii: ",")
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: ",") {
                var low = fieldStart, high = index
                while low < high, bytes[low] == 0x20 || bytes[low] == 0x09 { low += 1 }
                while high > low, bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09 { high -= 1 }
                if field == places.time { time = low..<high }
                if field == places.lat { lat = low..<high }
                if field == places.lon { lon = low..<high }
                if field == places.accuracy { accuracy = low..<high }
                field += 1
                fieldStart = index + 1
            } else if byte != 0x20, !(0x09...0x0D).contains(byte) {
                blank = false
            }
            index += 1
        }
        // One field of white space only: a blank line, passed over.
        if field == 1, blank { return .blank }
        guard field >= places.needed else { return nil }
        func part(_ range: Range<Int>) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count)
        }
        guard let seconds = Self.time(part(time), memo: &memo),
              let latitude = Self.decimal(part(lat), in: -90...90),
              let longitude = Self.decimal(part(lon), in: -180...180) else { return nil }
        var metres: Double?
        if places.accuracy != nil, !accuracy.isEmpty {
            guard let value = Self.decimal(part(accuracy), in: DeviceRecording.accuracyRange) else { return nil }
            metres = value
        }
        return .fix(DeviceFix(time: seconds.seconds(since: origin), latitude: latitude, longitude: longitude, accuracy: metres))
    }

    /// A time from bytes, as ``time(_:line:)`` reads it: ISO 8601, else seconds since 1970.
    private static func time(_ bytes: UnsafeRawBufferPointer, memo: inout ISO8601TimeParser.DateMemo) -> GPXTime? {
        if case .success(let time) = ISO8601TimeParser.parseChecked(bytes, memo: &memo) { return time }
        return epoch(bytes)
    }

    /// ``epoch(_:)`` from bytes.
    static func epoch(_ bytes: UnsafeRawBufferPointer) -> GPXTime? {
        var index = 0
        var seconds: Int64 = 0
        while index < bytes.count, bytes[index] &- 0x30 < 10 {
            seconds = seconds &* 10 &+ Int64(bytes[index] &- 0x30)
            index += 1
        }
        guard index > 0, index <= 12, GPXTime.readableSeconds.contains(seconds) else { return nil }
        var nanoseconds: Int32 = 0
        if index < bytes.count {
            guard bytes[index] == UInt8(ascii: ".") else { return nil }
            index += 1
            var digits = 0
            while index < bytes.count, bytes[index] &- 0x30 < 10 {
                if digits < 9 { nanoseconds = nanoseconds * 10 + Int32(bytes[index] &- 0x30) }
                digits += 1
                index += 1
            }
            guard digits > 0, index == bytes.count else { return nil }
            for _ in min(digits, 9)..<9 { nanoseconds *= 10 }
        }
        return GPXTime(secondsSince1970: seconds, nanoseconds: nanoseconds)
    }

    /// A decimal number from bytes, as ``number(_:_:in:unit:path:line:note:)`` reads it (sign,
    /// digits, one point, no exponent), within `range`; `nil` otherwise.
    private static func decimal(_ bytes: UnsafeRawBufferPointer, in range: ClosedRange<Double>) -> Double? {
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        var digits = 0
        var point = false
        while index < bytes.count {
            if bytes[index] &- 0x30 < 10 {
                digits += 1
            } else if bytes[index] == UInt8(ascii: "."), !point {
                point = true
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0, let value = DecimalParser.double(bytes), value.isFinite, range.contains(value) else { return nil }
        return value
    }

    /// The header: which field holds which column.
    private func header(_ fields: [Field], line: Int) throws(InputFileError) -> [Column: Int] {
        var columns: [Column: Int] = [:]
        for (index, field) in fields.enumerated() {
            guard let column = Column(rawValue: field.text.lowercased()) else { continue }
            if columns[column] != nil {
                throw .data(path, line: line, column: field.column, "the header names '\(column.rawValue)' twice")
            }
            columns[column] = index
        }
        for column in Column.required where columns[column] == nil {
            throw .data(path, line: line, column: 1,
                        "the header names no '\(column.rawValue)' column: a recording's header is \(Column.headerExample)")
        }
        return columns
    }

    /// A field's text, trimmed of spaces, and the column where it starts.
    struct Field {
        var text: Substring
        var column: Int
    }

    /// The comma-separated fields of a line, trimmed (quotes are not read: a recording holds numbers and times).
    static func fields(_ line: String) -> [Field] {
        var fields: [Field] = []
        var column = 1
        for part in line.split(separator: ",", omittingEmptySubsequences: false) {
            let leading = part.prefix { $0 == " " || $0 == "\t" }.count
            let trimmed = part.dropFirst(leading).reversed().drop { $0 == " " || $0 == "\t" }.reversed()
            fields.append(Field(text: Substring(String(trimmed)), column: column + leading))
            column += part.count + 1
        }
        return fields
    }

    /// A time: ISO 8601 (`2024-05-01T08:00:00Z`) or seconds since 1970 (`1714550400.5`), as
    /// seconds from the trip's start.
    private func time(_ field: Field, line: Int) throws(InputFileError) -> Double {
        if let parsed = GPXTime(iso8601: String(field.text)) ?? Self.epoch(field.text) {
            return parsed.seconds(since: origin)
        }
        let shown = SafeText.terminal(String(field.text.prefix(40)))
        throw .data(path, line: line, column: field.column,
                    "time '\(shown)' is neither ISO 8601 (2024-05-01T08:00:00Z) nor seconds since 1970 (0…\(GPXTime.readableSeconds.upperBound))")
    }

    /// Seconds since 1970 written as digits with up to nine decimals, kept exact; `nil` for
    /// anything else or past the year 9999.
    static func epoch(_ text: Substring) -> GPXTime? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0]
        let fraction = parts.count > 1 ? parts[1] : ""
        guard !whole.isEmpty, whole.count <= 12, whole.allSatisfy(\.isASCIIDigitCharacter),
              fraction.allSatisfy(\.isASCIIDigitCharacter), parts.count == 1 || !fraction.isEmpty,
              let seconds = Int64(whole), GPXTime.readableSeconds.contains(seconds) else { return nil }
        let digits = fraction.prefix(9)
        let nanoseconds = (Int32(digits) ?? 0) * Int32(pow(10, Double(9 - digits.count)))
        return GPXTime(secondsSince1970: seconds, nanoseconds: nanoseconds)
    }

    /// A decimal number (`-12.5`, `3`, `.5`; no exponent, no `nan` or `inf`) within `range`.
    static func number(_ field: Field, _ name: String, in range: ClosedRange<Double>, unit: String,
                       path: String, line: Int, note: String = "") throws(InputFileError) -> Double {
        let text = field.text
        let unsigned = text.first == "-" || text.first == "+" ? text.dropFirst() : text
        let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let valid = !unsigned.isEmpty && parts.allSatisfy { $0.allSatisfy(\.isASCIIDigitCharacter) }
            && parts.contains { !$0.isEmpty }
        guard valid, let value = Double(text), value.isFinite else {
            let shown = text.isEmpty ? "an empty field" : "'\(SafeText.terminal(String(text.prefix(40))))'"
            throw .data(path, line: line, column: field.column, "\(name): \(shown) is not a decimal number")
        }
        guard range.contains(value) else {
            throw .data(path, line: line, column: field.column,
                        "\(name) \(text) is outside \(Formatting.short(range.lowerBound))…\(Formatting.short(range.upperBound))\(unit)\(note)")
        }
        return value
    }
}

extension Character {
    /// `0`…`9` only (`isNumber` takes other scripts' digits and fractions too).
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isWholeNumber }
}
