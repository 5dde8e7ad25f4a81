import Foundation
import Testing

/// `keepalive matrix --metrickit`: the sample's comparison, the matrix's exit status kept, and a
/// bad payload reported at its line and column with its own status.
@Suite struct MetricKitCLITests {
    private let matrix = "Tracks/metrickit/matrix.yaml"
    private let payload = "Tracks/metrickit/payload.json"

    @Test func theSampleSetsTheCountsSideBySideAndKeepsTheMatrixStatus() throws {
        let result = try CLI.run(["matrix", matrix, "--metrickit", payload, "--jobs", "1"])
        #expect(result.status == 0)  // no run has an expectation: the comparison does not change it
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("\n8 runs: 0 as expected, 0 not, 8 without an expectation; goals met in 4, missed in 4\n\nMetricKit: Tracks/metrickit/payload.json, 3 payloads (3 with exit metrics), against the 8 runs of the matrix\n"))
        #expect(result.stdout.contains("\nMXBackgroundExitData.cumulativeMemoryPressureExitCount                       4      1\n"))
        #expect(result.stdout.contains("\n  MXBackgroundExitData.cumulativeMemoryResourceLimitExitCount (memory resource limit): the device had 1 exit; no run of the model ended so. In the model it comes from: the app's footprint in the background over resources.backgroundFootprintLimitMB (§15; 200 MB by default; a script's footprint or grow-footprint).\n"))
        #expect(result.stdout.hasSuffix("  MXForegroundExitData.cumulativeAbnormalExitCount (abnormal exit): the device had 1 exit; no run of the model ended so. In the model it comes from: allowsBackgroundLocationUpdates without the location background mode (§3); a BGTaskScheduler exception: an identifier registered twice, after launch, or with no handler (§12); a CLMonitor opened twice under one name (§11).\n"))
    }

    @Test func theJSONIsTheMatrixWithAMetricKitMember() throws {
        let (status, object) = try CLI.json(["matrix", matrix, "--metrickit", payload, "--format", "json"])
        #expect(status == 0)
        #expect((object["runs"] as? [Any])?.count == 8)
        let metricKit = try #require(object["metricKit"] as? [String: Any])
        #expect(metricKit["disagreements"] as? [String] == [
            "MXBackgroundExitData.cumulativeNormalAppExitCount",
            "MXBackgroundExitData.cumulativeMemoryResourceLimitExitCount",
            "MXBackgroundExitData.cumulativeCPUResourceLimitExitCount",
            "MXBackgroundExitData.cumulativeMemoryPressureExitCount",
            "MXBackgroundExitData.cumulativeSuspendedWithLockedFileExitCount",
            "MXForegroundExitData.cumulativeNormalAppExitCount",
            "MXForegroundExitData.cumulativeAbnormalExitCount",
        ])
        let cpu = try #require((metricKit["counters"] as? [[String: Any]])?.first { $0["key"] as? String == "cumulativeCPUResourceLimitExitCount" })
        #expect(cpu["device"] as? Int == 0)
        #expect(cpu["model"] as? Int == 2)
        #expect(cpu["agreement"] as? String == "model-only")
    }

    @Test func unknownKeysAreWarnedOnStandardErrorAndInTheReport() throws {
        let fixtures = try Fixtures()
        let path = try fixtures.write("p.json", #"{"appVersion": "1", "applicationExitMetrics": {"backgroundExitData": {"cumulativeNormalAppExitCounts": 2}}}"#)
        let result = try CLI.run(["matrix", matrix, "--metrickit", path, "--jobs", "1"])
        #expect(result.status == 0)
        let warning = "\(path):1:71: 'cumulativeNormalAppExitCounts' is not a counter of MXBackgroundExitData; did you mean 'cumulativeNormalAppExitCount'?; not compared"
        #expect(result.stderr == "warning: \(warning)\n")
        #expect(result.stdout.hasSuffix("\nNot read from the payload:\n  \(warning)\n"))
    }

    @Test(arguments: [
        (#"{"applicationExitMetrics": {"backgroundExitData": {"cumulativeMemoryPressureExitCount": -3}}}"#,
         "p.json:1:89: 'cumulativeMemoryPressureExitCount' must be a whole number from 0 to 86400 (a payload covers one day, and an app exits at most once a second), not -3"),
        (#"{"crashes": 3}"#, "p.json:1:1: not an MXMetricPayload: none of its keys is a payload's (appVersion, timeStampBegin, timeStampEnd, metaData, …)"),
        ("{\"appVersion\": \"1\",\n  \"timeStampEnd\" \"x\"}", "p.json:2:18: not valid JSON: did not find expected ',' or '}'"),
    ])
    func aBadPayloadExits65BeforeAnyReplay(content: String, message: String) throws {
        let fixtures = try Fixtures()
        _ = try fixtures.write("p.json", content)
        let result = try CLI.run(["matrix", CLI.packageRoot.appendingPathComponent(matrix).path, "--metrickit", "p.json"], in: fixtures.folder)
        #expect(result.status == 65)
        #expect(result.stderr == "error: " + message + "\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aMissingPayloadAndAFormatWithoutTheComparisonHaveTheirStatuses() throws {
        let missing = try CLI.run(["matrix", matrix, "--metrickit", "no-such-payload.json"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "error: no-such-payload.json: cannot read the MetricKit payload: No such file or directory\n")
        let junit = try CLI.run(["matrix", matrix, "--metrickit", payload, "--format", "junit"])
        #expect(junit.status == 64)
        #expect(junit.stderr.hasPrefix("error: --metrickit: the comparison is printed as text or json, not junit; see 'keepalive matrix --help'\n"))
        let overwrite = try CLI.run(["matrix", matrix, "--metrickit", payload, "--output", payload])
        #expect(overwrite.status == 64)
        #expect(overwrite.stderr == "error: --output: 'Tracks/metrickit/payload.json' is the MetricKit payload: refusing to write over an input\n")
    }
}
