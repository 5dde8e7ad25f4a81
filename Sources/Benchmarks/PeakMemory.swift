import Foundation

/// The process's peak resident memory, as the kernel counts it.
enum PeakMemory {
    static func kilobytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss / 1024  // bytes on Darwin
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss  // kilobytes on Linux
        #endif
    }

    static func megabytes() -> Double? { Double(kilobytes()) / 1024 }
}
