#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FuzzSupport

#if FUZZING
/// libFuzzer's entry point (the build that fuzzes: -DFUZZING -sanitize=fuzzer).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMatrixWorker(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    MatrixWorkerHarness.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}
#else
/// The ordinary build: replays the inputs named on the command line (a regression runner).
@main
enum FuzzMatrixWorkerMain {
    static func main() {
        exit(Fuzz.replay(Array(CommandLine.arguments.dropFirst()), target: "FuzzMatrixWorker", harness: MatrixWorkerHarness.run))
    }
}
#endif
