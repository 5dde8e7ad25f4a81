/// Byte helpers for the value parsers; GPX values are ASCII inside any encoding expat hands us (UTF-8).
enum ASCII {
    static func isXMLSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// The bytes without leading and trailing XML white space.
    static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end, isXMLSpace(bytes[start]) { start += 1 }
        while end > start, isXMLSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// Whether the bytes are only XML white space (or nothing).
    static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.allSatisfy(isXMLSpace)
    }
}
