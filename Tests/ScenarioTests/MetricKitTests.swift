import Foundation
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Simulation
import Testing
import TestSupport

/// Issue 22 §2: a day's MetricKit payloads read, summed and set beside a matrix's exits.
@MainActor @Suite struct MetricKitTests {
    private func counter(_ exitData: MetricKitExitData, _ category: SimExitCategory) throws -> MetricKitCounter {
        try #require(MetricKitCounter.all.first { $0.exitData == exitData && $0.category == category && $0.inSDK })
    }

    private func parse(_ json: String) throws(InputFileError) -> MetricKitExits {
        try MetricKitPayload.parse(json, name: "p.json")
    }

    // MARK: The table

    @Test func theTableHasTheSDKsCountersOnceEachWithTheModelsPropertyNames() throws {
        let sdk = MetricKitCounter.all.filter(\.inSDK)
        #expect(sdk.filter { $0.exitData == .background }.compactMap(\.category) == SimExitCategory.allCases)
        #expect(sdk.filter { $0.exitData == .foreground }.compactMap(\.category)
                == [.normalAppExit, .memoryResourceLimit, .badAccess, .abnormalExit, .illegalInstruction, .appWatchdog])
        #expect(sdk.allSatisfy { $0.key == $0.category?.metricKitProperty })
        #expect(Set(MetricKitCounter.all.map(\.name)).count == MetricKitCounter.all.count)
        #expect(MetricKitCounter.all.filter { !$0.inSDK }.map(\.name) == [
            "MXBackgroundExitData.cumulativeBackgroundURLSessionCompletionTimeoutExitCount",
            "MXBackgroundExitData.cumulativeBackgroundFetchCompletionTimeoutExitCount",
            "MXForegroundExitData.cumulativeCPUResourceLimitExitCount",
        ])
        #expect(try counter(.background, .memoryPressureExit).source
                == "https://developer.apple.com/documentation/metrickit/mxbackgroundexitdata/cumulativememorypressureexitcount")
    }

    /// Each cause's category is the model's own (`SimExitCategory(cause)`), and each counter lists
    /// the causes that give it where they can.
    @Test func theModelsCausesGiveTheCountersTheyAreListedUnder() throws {
        #expect(ModelExitCause.allCases.allSatisfy { $0.category != nil })
        func causes(_ exitData: MetricKitExitData, _ category: SimExitCategory) throws -> [ModelExitCause] {
            ModelExitCause.causes(of: try counter(exitData, category))
        }
        #expect(try causes(.background, .memoryPressureExit) == [.criticalMemoryPressure, .memoryPressureWhileHeld, .purgedWhileSuspended])
        #expect(try causes(.background, .cpuResourceLimit) == [.cpuLimit, .wakeupsLimit])
        #expect(try causes(.background, .memoryResourceLimit) == [.footprintLimit])
        #expect(try causes(.background, .backgroundTaskAssertionTimeout) == [.backgroundTaskWatchdog, .bgTaskNotCompleted])
        #expect(try causes(.background, .abnormalExit) == [.backgroundLocationWithoutMode, .voipPushWithoutCall, .bgTaskSchedulerException, .monitorOpenedTwice])
        #expect(try causes(.foreground, .abnormalExit) == [.backgroundLocationWithoutMode, .bgTaskSchedulerException, .monitorOpenedTwice])
        #expect(try causes(.foreground, .badAccess) == [.stackOverflow])
        #expect(try causes(.foreground, .memoryResourceLimit) == [])  // the model has no foreground memory limit
        for category in [SimExitCategory.normalAppExit, .suspendedWithLockedFile, .illegalInstruction, .appWatchdog] {
            #expect(try causes(.background, category) == [])
        }
        #expect(ModelExitCause.allCases.filter { $0.fieldCondition != nil } == [.criticalMemoryPressure])
    }

    // MARK: Reading

    @Test func theSamplesThreeDailyPayloadsAreSummed() throws {
        let exits = try MetricKitPayload.read(contentsOf: Shipped.track("metrickit/payload.json"))
        #expect(exits.payloads == 3)
        #expect(exits.payloadsWithExits == 3)
        #expect(exits.warnings == [])
        let nonZero = MetricKitCounter.all.filter { exits.count($0) != 0 }.map { "\($0.name)=\(exits.count($0))" }
        #expect(nonZero == [
            "MXBackgroundExitData.cumulativeNormalAppExitCount=6",
            "MXBackgroundExitData.cumulativeMemoryResourceLimitExitCount=1",
            "MXBackgroundExitData.cumulativeMemoryPressureExitCount=4",
            "MXBackgroundExitData.cumulativeSuspendedWithLockedFileExitCount=1",
            "MXBackgroundExitData.cumulativeBackgroundTaskAssertionTimeoutExitCount=2",
            "MXForegroundExitData.cumulativeNormalAppExitCount=9",
            "MXForegroundExitData.cumulativeAbnormalExitCount=1",
        ])
    }

    @Test func onePayloadReadsAsAnArrayOfOne() throws {
        let one = """
            {"timeStampBegin": "2024-05-01 00:00:00", "applicationExitMetrics": {
              "backgroundExitData": {"cumulativeMemoryPressureExitCount": 3, "cumulativeNormalAppExitCount": 0},
              "foregroundExitData": {"cumulativeBadAccessExitCount": 2}}}
            """
        let single = try parse(one), array = try parse("[\(one)]")
        #expect(single.payloads == 1)
        #expect(single.counts == array.counts)
        #expect(single.count(try counter(.background, .memoryPressureExit)) == 3)
        #expect(single.count(try counter(.foreground, .badAccess)) == 2)
        #expect(single.count(try counter(.background, .normalAppExit)) == 0)
        #expect(single.counts.values.reduce(0, +) == 5)
    }

    /// Xcode's simulated payload (Debug › Simulate MetricKit Payloads) has three keys the SDK
    /// lacks: they are read, and compared where the model has the exit.
    @Test func theSimulatedPayloadsExtraKeysAreRead() throws {
        let exits = try parse("""
            {"applicationExitMetrics": {
              "backgroundExitData": {"cumulativeBackgroundFetchCompletionTimeoutExitCount": 4, "cumulativeBackgroundURLSessionCompletionTimeoutExitCount": 5},
              "foregroundExitData": {"cumulativeCPUResourceLimitExitCount": 6}}}
            """)
        #expect(exits.warnings == [])
        #expect(MetricKitCounter.all.filter { !$0.inSDK }.map { exits.count($0) } == [5, 4, 6])
    }

    @Test func unknownKeysAreWarnedOfWithTheirPlaceNeverDropped() throws {
        let exits = try parse("""
            [{"appVersion": "1.0", "timeStampBegin": "d1", "timeStampEnd": "d1e", "favouriteColour": "blue",
              "applicationExitMetrics": {"backgroundExitData": {"cumulativeMemoryPresureExitCount": 1,
                                                                "cumulativeCPUResourceLimitExitCount": 2},
                                         "foregroundExitData": {"cumulativeMemoryPressureExitCount": 7},
                                         "launchExitData": {}}},
             {"timeStampBegin": "d1", "timeStampEnd": "d1e", "cpuMetrics": {"cumulativeCPUTime": "100 sec"}}]
            """)
        #expect(exits.warnings == [
            "p.json:1:71: 'favouriteColour' is not a key of MXMetricPayload; not read",
            "p.json:2:53: 'cumulativeMemoryPresureExitCount' is not a counter of MXBackgroundExitData; did you mean 'cumulativeMemoryPressureExitCount'?; not compared",
            "p.json:4:53: 'cumulativeMemoryPressureExitCount' is a counter of MXBackgroundExitData, not of MXForegroundExitData; not compared",
            "p.json:5:30: 'launchExitData' is not a section of applicationExitMetrics; not read",
            "p.json:6:2: payload 2 covers the same period as payload 1 (d1–d1e): both are counted",
        ])
        #expect(exits.payloads == 2)
        #expect(exits.payloadsWithExits == 1)
        #expect(exits.counts == [try counter(.background, .cpuResourceLimit): 2])
    }

    @Test(arguments: [
        (#"{"applicationExitMetrics": {"backgroundExitData": {"cumulativeMemoryPressureExitCount": -1}}}"#,
         "p.json:1:89: 'cumulativeMemoryPressureExitCount' must be a whole number from 0 to 86400 (a payload covers one day, and an app exits at most once a second), not -1"),
        (#"{"applicationExitMetrics": {"backgroundExitData": {"cumulativeMemoryPressureExitCount": 86401}}}"#,
         "p.json:1:89: 'cumulativeMemoryPressureExitCount' must be a whole number from 0 to 86400 (a payload covers one day, and an app exits at most once a second), not 86401"),
        (#"{"applicationExitMetrics": {"foregroundExitData": {"cumulativeNormalAppExitCount": "3"}}}"#,
         "p.json:1:84: 'cumulativeNormalAppExitCount' must be a whole number from 0 to 86400 (a payload covers one day, and an app exits at most once a second), not \"3\""),
        (#"{"applicationExitMetrics": {"foregroundExitData": {"cumulativeNormalAppExitCount": 1.5}}}"#,
         "p.json:1:84: 'cumulativeNormalAppExitCount' must be a whole number from 0 to 86400 (a payload covers one day, and an app exits at most once a second), not 1.5"),
        (#"{"applicationExitMetrics": {"foregroundExitData": {"cumulativeNormalAppExitCount": [1]}}}"#,
         "p.json:1:84: 'cumulativeNormalAppExitCount' must be a whole number from 0 to 86400 (a payload covers one day, and an app exits at most once a second), not an array or object"),
        (#"{"applicationExitMetrics": {"backgroundExitData": [1, 2]}}"#,
         "p.json:1:51: 'backgroundExitData' must be an object of counters (MXBackgroundExitData)"),
        (#"{"applicationExitMetrics": 12}"#, "p.json:1:28: 'applicationExitMetrics' must be an object (MXAppExitMetric)"),
        (#"{"payloads": []}"#, "p.json:1:1: not an MXMetricPayload: none of its keys is a payload's (appVersion, timeStampBegin, timeStampEnd, metaData, …)"),
        ("[]", "p.json:1:1: an empty array: no payload to read"),
        (#"[{"appVersion": "1"}, 3]"#, "p.json:1:23: an element of the array is not a payload (a JSON object)"),
        ("42", "p.json: not an MXMetricPayload: the file holds neither a payload (a JSON object) nor an array of them"),
        ("{\"appVersion\": \"1\",\n \"appVersion\": \"2\"}", "p.json:1:2: not valid JSON: a key is given twice ('appVersion')"),
        ("[{\"appVersion\": \"1\"},\n {\"appVersion\": ]", "p.json:2:17: not valid JSON: did not find expected node content"),
        (String(repeating: "[", count: 70) + String(repeating: "]", count: 70), "p.json:1:65: nested more than 64 deep; a day's payloads needs no more"),
        // Issue 33: YAML reads 007 as 7; JSON has no leading zeros, so no payload writes it.
        (#"{"applicationExitMetrics": {"backgroundExitData": {"cumulativeMemoryPressureExitCount": 007}}}"#,
         "p.json:1:89: 'cumulativeMemoryPressureExitCount' must be a whole number from 0 to 86400 (a payload covers one day, and an app exits at most once a second), not 007: JSON writes no leading zeros; write 7"),
        (#"{"applicationExitMetrics": {"backgroundExitData": {"cumulativeMemoryPressureExitCount": 00}}}"#,
         "p.json:1:89: 'cumulativeMemoryPressureExitCount' must be a whole number from 0 to 86400 (a payload covers one day, and an app exits at most once a second), not 00: JSON writes no leading zeros; write 0"),
        // Issue 33: a control character or UTF-16 has its place (libyaml's own error has none).
        ("{\"appVersion\": \"1\u{7}\"}", "p.json:1:18: control character U+0007, which YAML and JSON do not allow in a file; remove it, or write it as \\u0007 in a double-quoted string"),
        ("[\u{0}{\u{0}", "p.json:1:2: a NUL character, as UTF-16 text has; save the file as UTF-8"),
    ])
    func aBadPayloadIsInvalidDataAtItsLineAndColumn(json: String, message: String) {
        #expect(throws: InputFileError(kind: .invalidData, description: message)) { try parse(json) }
    }

    @Test func anUnreadableFileCannotBeOpened() {
        #expect(throws: InputFileError(kind: .cannotOpen, description: "no-such.json: cannot read the MetricKit payload: No such file or directory")) {
            try MetricKitPayload.read(contentsOf: "no-such.json")
        }
    }

    // MARK: The comparison

    private func sampleOutcome() throws -> MatrixOutcome {
        let matrix = try MatrixFile.read(contentsOf: Shipped.track("metrickit/matrix.yaml"))
        return MatrixOutcome(matrix: matrix, summaries: try MatrixRunner.run(matrix))
    }

    /// The sample matrix's eight runs: the busy tracker killed by the CPU monitor (twice), the
    /// overwritten identifier by the watchdog (twice), the refresh app purged under critical
    /// pressure (once); the navigation app never ends.
    @Test func theSampleMatrixAgainstTheSamplePayload() throws {
        let exits = try MetricKitPayload.read(contentsOf: Shipped.track("metrickit/payload.json"))
        let comparison = MetricKitComparison(exits, try sampleOutcome())
        #expect(comparison.runs == 8)
        #expect(comparison.exitsWithoutCounter == 0)
        let rows = comparison.rows.filter { $0.device != 0 || $0.model != 0 }.map { "\($0.counter.name) \($0.device) \($0.model) \($0.agreement.rawValue)" }
        #expect(rows == [
            "MXBackgroundExitData.cumulativeNormalAppExitCount 6 0 device-only",
            "MXBackgroundExitData.cumulativeMemoryResourceLimitExitCount 1 0 device-only",
            "MXBackgroundExitData.cumulativeCPUResourceLimitExitCount 0 2 model-only",
            "MXBackgroundExitData.cumulativeMemoryPressureExitCount 4 1 counts-differ",
            "MXBackgroundExitData.cumulativeSuspendedWithLockedFileExitCount 1 0 device-only",
            "MXBackgroundExitData.cumulativeBackgroundTaskAssertionTimeoutExitCount 2 2 agree",
            "MXForegroundExitData.cumulativeNormalAppExitCount 9 0 device-only",
            "MXForegroundExitData.cumulativeAbnormalExitCount 1 0 device-only",
        ])
        #expect(comparison.disagreements.count == 7)
        #expect(!comparison.agrees)
        let text = MetricKitReport.text(comparison)
        #expect(text.hasPrefix("""
            MetricKit: \(exits.file), 3 payloads (3 with exit metrics), against the 8 runs of the matrix
            COUNTER                                                                 DEVICE  MODEL
            MXBackgroundExitData.cumulativeNormalAppExitCount                            6      0

            """))
        #expect(text.contains("\nMXBackgroundExitData.cumulativeBackgroundTaskAssertionTimeoutExitCount       2      2\n"))
        #expect(text.contains("\n  MXBackgroundExitData.cumulativeCPUResourceLimitExitCount (CPU resource limit): the model ended 2 runs so; the device had none. In the model it comes from: the app's CPU in the background over resources.cpuLimit (§15; 80% over 60 s by default; a script's cpu or busy-loop); the app's wake-ups over resources.wakeupsLimit (§15; 150 a second over 300 s by default).\n"))
        #expect(text.contains("\n  MXBackgroundExitData.cumulativeMemoryPressureExitCount (memory pressure exit): the device had 4 exits, the model ended 1 run so. In the model it comes from: critical memory pressure,"))
        #expect(text.contains("\n  MXBackgroundExitData.cumulativeSuspendedWithLockedFileExitCount (suspended with locked file): the device had 1 exit; no run of the model ended so. Nothing in the model gives this exit.\n"))
        #expect(!text.contains("BackgroundTaskAssertionTimeoutExitCount (background task assertion timeout)"))  // they agree
    }

    /// A matrix without the `memory-pressure` condition is told to add it when the device had
    /// memory-pressure exits the model never gave.
    @Test func aDeviceOnlyMemoryPressureExitAsksForTheCondition() throws {
        let matrix = try MatrixFile.parse("tracks: [\(Shipped.track("city-commute.gpx"))]\nruns: [{name: app}]\n", name: "m.yaml")
        let outcome = MatrixOutcome(matrix: matrix, summaries: try MatrixRunner.run(matrix))
        let exits = try parse(#"{"applicationExitMetrics": {"backgroundExitData": {"cumulativeMemoryPressureExitCount": 2}}}"#)
        let comparison = MetricKitComparison(exits, outcome)
        #expect(comparison.disagreements.map(\.counter.name) == ["MXBackgroundExitData.cumulativeMemoryPressureExitCount"])
        #expect(MetricKitReport.text(comparison).contains(
            "the device had 2 exits; no run of the model ended so. In the model it comes from: critical memory pressure, which kills a background app that only a task or a wake's run keeps (§15; the matrix condition memory-pressure, or a scenario's memory-pressure event with level critical); memory pressure that reaches a background app although location or audio holds it (§15; a scenario's memory-pressure event with level extreme, or the what-if resources.heldAppJetsamPerHour); memory pressure purging the suspended app (§9; a scenario's memory-pressure event). The matrix has no memory-pressure condition: add it to conditions:.\n"))
        // No exit on the model's side, one counter on the device's.
        #expect(MetricKitReport.text(comparison).contains("\nMXBackgroundExitData.cumulativeMemoryPressureExitCount       2      0\nEvery other counter: 0 on both.\n"))
    }

    @Test func theJSONHasEveryCounterWithBothCountsAndItsSource() throws {
        let exits = try MetricKitPayload.read(contentsOf: Shipped.track("metrickit/payload.json"))
        let json = MetricKitReport.json(try sampleOutcome(), MetricKitComparison(exits, try sampleOutcome()))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.serialized().utf8)) as? [String: Any])
        #expect(object["total"] as? Int == 8)  // the matrix's own members come first
        let metricKit = try #require(object["metricKit"] as? [String: Any])
        #expect(metricKit["payloads"] as? Int == 3)
        #expect(metricKit["runs"] as? Int == 8)
        #expect(metricKit["agrees"] as? Bool == false)
        let counters = try #require(metricKit["counters"] as? [[String: Any]])
        #expect(counters.count == MetricKitCounter.all.count)
        let pressure = try #require(counters.first { $0["key"] as? String == "cumulativeMemoryPressureExitCount" })
        #expect(pressure["class"] as? String == "MXBackgroundExitData")
        #expect(pressure["device"] as? Int == 4)
        #expect(pressure["model"] as? Int == 1)
        #expect(pressure["agreement"] as? String == "counts-differ")
        #expect(pressure["modelCauses"] as? [String] == ["critical-memory-pressure", "memory-pressure-while-held", "purged-while-suspended"])
        #expect((metricKit["disagreements"] as? [String])?.first == "MXBackgroundExitData.cumulativeNormalAppExitCount")
        #expect((metricKit["warnings"] as? [String]) == [])
    }
}
