import Foundation
import GPX
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Writes output and reports with every write checked: `print` and `String.write(toFile:)`
/// drop errors such as a full disk (`> /dev/full`), and the output would be lost with exit 0.
enum Output {
    /// Why a write failed, from `errno`: "No space left on device".
    struct WriteError: Error {
        let reason: String
    }

    /// Writes `text` to standard output.
    static func toStandardOutput(_ text: String) throws(WriteError) {
        try write(text, to: STDOUT_FILENO)
    }

    /// Writes `bytes` to standard output.
    static func toStandardOutput(_ bytes: UnsafeRawBufferPointer) throws(WriteError) {
        try write(bytes, to: STDOUT_FILENO)
    }

    /// Writes `text` to the file at `path`, created or truncated; follows symbolic links, so a
    /// report can go to a named pipe or a device. A regular file left half-written is removed.
    static func toFile(_ text: String, at path: String) throws(WriteError) {
        let descriptor = FileName.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(reason: String(cString: strerror(errno))) }
        var failure: WriteError?
        do { try write(text, to: descriptor) } catch { failure = error }
        if close(descriptor) != 0, failure == nil { failure = WriteError(reason: String(cString: strerror(errno))) }
        if let failure {
            if let status = FileName.status(path), (status.st_mode & S_IFMT) == S_IFREG {
                _ = FileName.fileSystemRepresentation(path).withUnsafeBufferPointer { unlink($0.baseAddress!) }
            }
            throw failure
        }
    }

    private static func write(_ text: String, to descriptor: Int32) throws(WriteError) {
        var text = text
        let failure: WriteError? = text.withUTF8 { bytes in
            do throws(WriteError) { try write(UnsafeRawBufferPointer(bytes), to: descriptor) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    private static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(WriteError) {
        guard let start = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, start + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw WriteError(reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}
