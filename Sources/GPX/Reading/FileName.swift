import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File names as the file system holds them: bytes, which need not be UTF-8. A `String` cannot
/// hold a byte such as 0xFF, so a name that is not UTF-8 travels in one with each byte outside
/// valid UTF-8 as a private-use character, U+F780 to U+F7FF for bytes 0x80 to 0xFF, and becomes
/// that byte again when the file is opened: `keepalive replay $'\xff.gpx'` opens the file that
/// exists. Messages show such a byte as `\xFF` (``displayed(_:)``).
///
/// ```swift
/// let name = FileName.decoding(rawArgument)          // "\u{F7FF}.gpx" for the bytes FF 2E 67 70 78
/// let descriptor = FileName.open(name, O_RDONLY)     // opens FF 2E 67 70 78
/// ```
public enum FileName {
    /// The private-use character that stands for byte 0x80 + n is U+F780 + n.
    private static let escapeBase: UInt32 = 0xF700

    /// A name's bytes as text: UTF-8 where they are, each other byte escaped.
    public static func decoding(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
            if length > 0, index + length <= bytes.count,
               let piece = String(validating: bytes[index..<(index + length)], as: UTF8.self) {
                text.append(contentsOf: piece.unicodeScalars)
                index += length
            } else {
                text.append(Unicode.Scalar(escapeBase + UInt32(lead))!)
                index += 1
            }
        }
        return String(text)
    }

    /// The byte an escaped character stands for, or `nil` for any other character.
    public static func escapedByte(_ scalar: Unicode.Scalar) -> UInt8? {
        (escapeBase + 0x80...escapeBase + 0xFF).contains(scalar.value) ? UInt8(scalar.value - escapeBase) : nil
    }

    /// The bytes to give the system for `name`, NUL-terminated.
    public static func fileSystemRepresentation(_ name: String) -> [CChar] {
        var bytes: [CChar] = []
        bytes.reserveCapacity(name.utf8.count + 1)
        for scalar in name.unicodeScalars {
            if let byte = escapedByte(scalar) {
                bytes.append(CChar(bitPattern: byte))
            } else {
                bytes += String(scalar).utf8.map { CChar(bitPattern: $0) }
            }
        }
        return bytes + [0]
    }

    /// `name` for a message: each escaped byte as `\xFF`.
    public static func displayed(_ name: String) -> String {
        var text = ""
        for scalar in name.unicodeScalars {
            if let byte = escapedByte(scalar) {
                text += "\\x" + String(byte, radix: 16, uppercase: true)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// `open(2)` on the file `name` stands for.
    public static func open(_ name: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        fileSystemRepresentation(name).withUnsafeBufferPointer { path in
            #if canImport(Glibc)
            Glibc.open(path.baseAddress!, flags, mode)
            #else
            Darwin.open(path.baseAddress!, flags, mode)
            #endif
        }
    }

    /// `stat(2)` on the file `name` stands for.
    public static func status(_ name: String) -> stat? {
        var status = stat()
        let result = fileSystemRepresentation(name).withUnsafeBufferPointer { path in
            stat(path.baseAddress!, &status)
        }
        return result == 0 ? status : nil
    }

    /// Opens a regular file for reading without ever blocking: a FIFO without a writer would
    /// block for ever, a device may never end, so anything but a regular file is refused.
    /// - Returns: the descriptor (blocking again, close-on-exec), or why not: "cannot open: No
    ///   such file or directory", "cannot read: a FIFO (named pipe), not a regular file".
    public static func openRegularFile(_ name: String) -> Result<Int32, FileNameError> {
        let descriptor = open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(FileNameError("cannot open: \(String(cString: strerror(errno)))")) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return .failure(FileNameError("cannot read: \(reason)"))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return .failure(FileNameError("cannot read: \(fileTypeName(status.st_mode)), not a regular file"))
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return .success(descriptor)
    }

    /// Reads at most `limit` bytes of a regular file (``openRegularFile(_:)``); more than `limit`
    /// reads `limit + 1`, so that the caller can tell a file that is too large.
    public static func readRegularFile(_ name: String, upTo limit: Int) -> Result<[UInt8], FileNameError> {
        let descriptor: Int32
        switch openRegularFile(name) {
        case .success(let opened): descriptor = opened
        case .failure(let error): return .failure(error)
        }
        defer { close(descriptor) }
        return read(descriptor, upTo: limit)
    }

    /// Reads at most `limit` bytes from an open descriptor (a regular file, standard input's
    /// pipe) until its end; more than `limit` reads `limit + 1`, so that the caller can tell an
    /// input that is too large.
    public static func read(_ descriptor: Int32, upTo limit: Int) -> Result<[UInt8], FileNameError> {
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                Foundation.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if read < 0 {
                if errno == EINTR { continue }
                return .failure(FileNameError("cannot read: \(String(cString: strerror(errno)))"))
            }
            if read == 0 { break }
            count += read
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }

    /// "a FIFO (named pipe)", "a directory", …
    static func fileTypeName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }
}

/// Why a file could not be opened or read: "cannot open: No such file or directory".
public struct FileNameError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
