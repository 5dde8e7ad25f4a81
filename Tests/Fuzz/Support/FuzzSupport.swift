#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every fuzz target shares: the check that turns a broken property into a crash libFuzzer
/// records, and the replay runner the targets are in an ordinary (non-fuzzing) build.
public enum Fuzz {
    /// Stops the process (a crash for libFuzzer, a failure for the replay runner) when a property fails.
    public static func check(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        guard !condition() else { return }
        let text = "FUZZ CHECK FAILED (\(file):\(line)): \(message())\n"
        printError(text)
        abort()
    }

    /// Runs every file named, and every file under every directory named, through `harness`,
    /// printing one line per file; returns the exit status (64 for a bad argument).
    ///
    /// `harness` crashes on a broken property, so a status of 0 means every input held.
    public static func replay(_ arguments: [String], target: String, harness: (UnsafeRawBufferPointer) -> Void) -> Int32 {
        guard !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") }) else {
            printError("usage: \(target) FILE-OR-DIRECTORY...\n")
            printError("Replays inputs through the \(target) fuzz harness (build with -DFUZZING and -sanitize=fuzzer to fuzz).\n")
            return 64
        }
        var count = 0
        for argument in arguments {
            guard let files = listFiles(argument) else {
                printError("\(target): cannot read \(argument)\n")
                return 66
            }
            for file in files {
                guard let bytes = readFile(file) else {
                    printError("\(target): cannot read \(file)\n")
                    return 66
                }
                bytes.withUnsafeBytes(harness)
                count += 1
            }
        }
        print("\(target): \(count) input\(count == 1 ? "" : "s") replayed, all properties held")
        return 0
    }

    /// Writes to the standard error, unbuffered (the C `stderr` is not concurrency-safe in Swift 6).
    public static func printError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// The regular files at `path` (itself, or under it, sorted); `nil` if it cannot be read.
    static func listFiles(_ path: String) -> [String]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT != S_IFDIR { return [path] }
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var result: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if name == "." || name == ".." || name.hasPrefix(".") { continue }
            guard let files = listFiles(path + "/" + name) else { return nil }
            result += files
        }
        return result.sorted()
    }

    static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count > 0 { bytes += buffer[0..<count] }
            if count < buffer.count { return ferror(file) == 0 ? bytes : nil }
        }
    }
}

/// Reads an input's control bytes from the front, as libFuzzer's FuzzedDataProvider does: a
/// missing byte reads as 0, so every input, even an empty one, is a valid test case.
public struct FuzzInput {
    public let bytes: UnsafeRawBufferPointer
    public private(set) var offset = 0

    public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The next `count` bytes as a little-endian integer (missing bytes are 0).
    public mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T {
        var value: T = 0
        for index in 0..<(T.bitWidth / 8) { value |= T(truncatingIfNeeded: byte()) << (8 * index) }
        return value
    }

    /// What is left after the control bytes.
    public var rest: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[min(offset, bytes.count)...]) }
}

extension Fuzz {
    /// Whether `text` holds no control character (C0, DEL, C1): a message or warning shows what
    /// a file wrote escaped, so that it can neither break a line nor drive a terminal.
    public static func isOneLine(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
