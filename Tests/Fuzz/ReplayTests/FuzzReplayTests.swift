import ChildProcess
import Foundation
import Testing

/// Replays the fuzz targets' regression inputs and seeds through their harnesses, with the plain
/// (non-fuzzing) builds of the targets that `swift test` makes beside the test bundle. A broken
/// property aborts the target, which fails the test with the harness's message.
@Suite struct FuzzReplayTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: [
        ("FuzzGPXReader", ["Regressions/gpx-reader"]),
        ("FuzzValueParsers", ["Regressions/value-parsers", "Seeds/values"]),
        ("FuzzScenarioFile", ["Regressions/scenario-file", "Seeds/scenario"]),
        ("FuzzAppScript", ["Regressions/app-script", "Seeds/app-script"]),
        ("FuzzMatrixFile", ["Regressions/matrix-file", "Seeds/matrix"]),
        ("FuzzPluginConfig", ["Regressions/plugin-config", "Seeds/plugin-config"]),
        ("FuzzInfoPlist", ["Regressions/info-plist", "Seeds/info-plist"]),
        ("FuzzCSVRecording", ["Regressions/csv-recording", "Seeds/csv-recording"]),
        ("FuzzMetricKitPayload", ["Regressions/metrickit-payload", "Seeds/metrickit-payload"]),
        ("FuzzListOptions", ["Regressions/list-options", "Seeds/list-options"]),
        ("FuzzMatrixWorker", ["Regressions/matrix-worker", "Seeds/matrix-worker"]),
    ])
    func replaysRegressionInputsAndSeeds(target: String, folders: [String]) throws {
        // A target's regression folder may not exist yet (git keeps no empty folders).
        let paths = folders.map { Self.fuzzFolder.appendingPathComponent($0).path }
            .filter { FileManager.default.fileExists(atPath: $0) }
        let expected = try paths.reduce(0) { count, path in
            try count + FileManager.default.contentsOfDirectory(atPath: path).filter { !$0.hasPrefix(".") }.count
        }
        let result = try run(target, paths)
        #expect(result.status == 0, "\(target) failed: \(result.stderr)")
        #expect(result.stdout == "\(target): \(expected) input\(expected == 1 ? "" : "s") replayed, all properties held\n")
    }

    /// The real-world corpus, as the reader's harness sees any file (its first two bytes as control bytes).
    @Test func replaysTheSharedCorpusThroughTheReader() throws {
        let corpus = Self.fuzzFolder.appendingPathComponent("../../../shared/corpus/gpx").standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: corpus) else {
            print("skipped: \(corpus) is not beside the clone")
            return
        }
        let result = try run("FuzzGPXReader", [corpus])
        #expect(result.status == 0, "FuzzGPXReader failed: \(result.stderr)")
    }

    private func run(_ target: String, _ arguments: [String]) throws -> ChildResult {
        try runChild(builtExecutable(target), arguments)
    }
}
