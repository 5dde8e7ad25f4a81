import Foundation
import GPX

/// Reads a CSV device recording line by line: a header naming `time`, `lat`, `lon` and optionally
/// `accuracy` (in any order; other columns are passed over), then a fix a line. Times are ISO 8601
/// or seconds since 1970; every number is checked where it is read, and an error names the
/// line and the column (in characters, from 1) where the bad field starts.
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
        var lineNumber = 0
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, Self.chunkSize) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InputFileError(kind: .cannotOpen, description: "\(path): cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            for byte in chunk[0..<count] {
                if byte == UInt8(ascii: "\n") {
                    lineNumber += 1
                    try take(line, number: lineNumber, columns: &columns, body)
                    line.removeAll(keepingCapacity: true)
                } else {
                    guard line.count < Self.maximumLineLength else {
                        throw .data(path, line: lineNumber + 1, column: Self.maximumLineLength + 1,
                                    "line longer than \(Self.maximumLineLength) bytes: a recording's line is a fix, a few dozen bytes")
                    }
                    line.append(byte)
                }
            }
        }
        if !line.isEmpty {
            lineNumber += 1
            try take(line, number: lineNumber, columns: &columns, body)
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
