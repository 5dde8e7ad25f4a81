import Testing
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Simulation

/// Issue 18 D: profile names in any case, and every iOS version runs the profile covering it,
/// with the ranges taken from the profiles themselves.
@Suite struct ProfileVersionTests {
    @Test func everyVersionFromFourToEighteenAndTwentySixHasItsProfile() {
        let names = (1...30).map { SimProfile.covering(SimOSVersion($0))?.name ?? "-" }
        #expect(names == [
            "-", "-", "-", "ios6", "ios6", "ios6", "ios7", "ios7", "ios9", "ios9",
            "ios12", "ios12", "ios13", "ios14", "ios15", "ios16", "ios17", "ios18", "-", "-",
            "-", "-", "-", "-", "-", "ios26", "-", "-", "-", "-",
        ])
        // §16: the eras split at point releases.
        let points = ["16.3", "16.4", "16.7.1", "26.3", "26.4", "26.9"].map { SimProfile.covering(SimOSVersion($0)!)?.name ?? "-" }
        #expect(points == ["ios16", "ios16.4", "ios16.4", "ios26", "ios26.4", "ios26.4"])
        // A version asked for is remembered, for the reports and for rules inside the era.
        #expect(SimProfile.covering(SimOSVersion(16))?.requestedOSVersion == SimOSVersion(16))
        #expect(SimProfile.covering(SimOSVersion(14))?.rules == .iOS14)
        // iOS 17 is ios17, not the debugger, which models it too.
        #expect(SimProfile.debugger.span == SimOSVersionSpan(from: SimOSVersion(17), until: SimOSVersion(18)))
        #expect(SimProfile.covering(SimOSVersion(17))?.name == "ios17")
    }

    @Test(arguments: [
        ("ios17", "ios17", nil), ("iOS17", "ios17", nil), ("IOS17", "ios17", nil), ("Debugger", "debugger", nil),
        ("16", "ios16", "16.0"), ("ios16", "ios16", nil), ("iOS 16", "ios16", "16.0"), ("ios16.4", "ios16.4", nil),
        ("iOS 16.4.1", "ios16.4", "16.4.1"), ("16.3", "ios16", "16.3"), ("15.2", "ios15", "15.2"), ("26.1", "ios26", "26.1"),
        ("26.4", "ios26.4", "26.4"), ("ios8", "ios7", "8.0"), ("ios10", "ios9", "10.0"), ("ios11", "ios12", "11.0"),
        ("ios5", "ios6", "5.0"), ("17.2", "ios17", "17.2"),
    ] as [(String, String, String?)])
    func aNameInAnyCaseOrAVersionRunsItsProfile(text: String, name: String, requested: String?) throws {
        let profile = try #require(SimProfile(settingText: text))
        #expect(profile.name == name)
        #expect(profile.requestedOSVersion.map { "\($0)" } == requested)
    }

    @Test(arguments: [
        ("ios99", "'ios99' is an iOS version no profile covers (RANGES)"),
        ("iOS 3", "'iOS 3' is an iOS version no profile covers (RANGES)"),
        ("ios27", "'ios27' is an iOS version no profile covers (RANGES)"),
        ("ios17x", "'ios17x' is not a profile or an iOS version (RANGES; or debugger); did you mean 'ios17'?"),
        ("ios16.", "'ios16.' is not a profile or an iOS version (RANGES; or debugger); did you mean 'ios16'?"),
    ])
    func aVersionNoProfileCoversListsTheRanges(text: String, message: String) {
        #expect(SimProfile(settingText: text) == nil)
        #expect(SimProfile.notAValue(text) == message.replacingOccurrences(of: "RANGES", with: "ios6: iOS 4–6, ios7: iOS 7–8, ios9: iOS 9–10, ios12: iOS 11–12, ios13: iOS 13, ios14: iOS 14, ios15: iOS 15, ios16: iOS 16.0–16.3, ios16.4: iOS 16.4–16.x, ios17: iOS 17, ios18: iOS 18, ios26: iOS 26.0–26.3, ios26.4: iOS 26.4–26.x"))
    }

    @Test func theReportsSayWhichProfileStoodInAndWhy() throws {
        #expect(Prose.profile(.iOS14) == "ios14")
        #expect(Prose.profile(try #require(SimProfile(settingText: "16.3"))) == "iOS 16.3 → ios16 profile (covers iOS 16.0–16.3)")
        #expect(Prose.profile(try #require(SimProfile(settingText: "ios8"))) == "iOS 8.0 → ios7 profile (covers iOS 7–8)")
        let json = SummaryReport.profileChoice(try #require(SimProfile(settingText: "iOS 16.5")))
        #expect(json == .object([("requestedVersion", .int(16)), ("version", .string("16.5")), ("coversVersions", .array([.int(16), .int(16)])),
                                 ("span", .object([("from", .string("16.4")), ("until", .string("17.0"))])),
                                 ("text", .string("iOS 16.5 → ios16.4 profile (covers iOS 16.4–16.x)"))]))
        #expect(SummaryReport.profileChoice(.iOS17) == .null)
    }

    @Test func aScenarioFileNamesAProfileByVersion() throws {
        let settings = try ScenarioFile.parse("profile: iOS 16.4\n", name: "s.yaml")
        let resolved = try settings.resolved()
        #expect(resolved.profile.name == "ios16.4")
        #expect(resolved.profile.requestedOSVersion == SimOSVersion(16, 4))
        #expect(throws: ReplayError.invalidSettings("--profile: 'ios20' is an iOS version no profile covers (ios6: iOS 4–6, ios7: iOS 7–8, ios9: iOS 9–10, ios12: iOS 11–12, ios13: iOS 13, ios14: iOS 14, ios15: iOS 15, ios16: iOS 16.0–16.3, ios16.4: iOS 16.4–16.x, ios17: iOS 17, ios18: iOS 18, ios26: iOS 26.0–26.3, ios26.4: iOS 26.4–26.x)")) {
            try ScenarioFile.parse("profile: ios20\n", name: "s.yaml").resolved()
        }
    }

    /// Two versions of one era with the same rules would run the same cells twice; two with
    /// different rules (15.2 and 15.5) are two profiles.
    @Test func aMatrixRunsTheProfileAVersionMapsToAndItsExpectationsFollow() throws {
        let matrix = try MatrixFile.parse("""
            tracks: [a.gpx]
            profiles: [IOS13, 16.3, 16.4, 15.2, 15.5]
            runs:
              - expect: {ios16: suspended, ios13: met}
            """, name: "m.yaml")
        #expect(matrix.profiles.map(\.name) == ["ios13", "ios16", "ios16.4", "ios15", "ios15"])
        #expect(matrix.profiles.map(\.requestedOSVersion) == [nil, SimOSVersion(16, 3), SimOSVersion(16, 4), SimOSVersion(15, 2), SimOSVersion(15, 5)])
        #expect(matrix.runs[0].expect == MatrixExpectation(byProfile: ["ios16": .suspended, "ios13": .met], otherwise: nil))
        #expect(throws: (any Error).self) {
            try MatrixFile.parse("tracks: [a.gpx]\nprofiles: [15.3, 15.5]\nruns: [{}]\n", name: "m.yaml")
        }
    }
}

/// Issue 31: every profile parameter can be set from a scenario or a matrix run, checked where it
/// stands, on a named base.
@Suite struct ProfileOverrideTests {
    private func profile(_ yaml: String) throws -> SimProfile {
        try ScenarioFile.parse(yaml, name: "s.yaml").resolved().profile
    }

    @Test func aMappingSetsParametersOnItsBase() throws {
        let custom = try profile("""
            profile:
              base: 16.3
              regions.crossingDistance: 350
              location.keepAliveStartWakes: [significantChange, region, visit]
              location.hiddenIndicatorRule.fromVersion: "16.2"
              resources.relaunchAfterCPUKill: false
              device.relaunchesAfterAppUpdate: era
              bgTasks.maximumPendingRefreshRequests: 2
            """)
        #expect(custom.name == "ios16+regions.crossingDistance+location.keepAliveStartWakes+location.hiddenIndicatorRule.fromVersion"
                + "+resources.relaunchAfterCPUKill+device.relaunchesAfterAppUpdate+bgTasks.maximumPendingRefreshRequests")
        #expect(custom.requestedOSVersion == SimOSVersion(16, 3))
        #expect(custom.regions.crossingDistance == 350)
        #expect(custom.keepAliveStartWakes == KeepAliveStartWake.lenient)
        #expect(custom.hiddenIndicatorRule.fromVersion == SimOSVersion(16, 2))
        #expect(!custom.resources.relaunchAfterCPUKill)
        #expect(custom.device.relaunchesAfterAppUpdate == nil)
        #expect(custom.bgTasks.maximumPendingRefreshRequests == 2)
        // Everything else is the era's.
        var expected = SimProfile.covering(SimOSVersion(16, 3))!
        expected.name = custom.name
        expected.regions.crossingDistance = 350
        expected.keepAliveStartWakes = KeepAliveStartWake.lenient
        expected.hiddenIndicatorRule.fromVersion = SimOSVersion(16, 2)
        expected.resources.relaunchAfterCPUKill = false
        expected.bgTasks.maximumPendingRefreshRequests = 2
        #expect(custom == expected)
        #expect(try profile("profile: {base: ios16.4, location.hiddenIndicatorRule.fromVersion: never}\n").hiddenIndicatorRule.fromVersion == nil)
    }

    @Test(arguments: [
        ("profile: {regions.crossingDistance: 300}\n", "s.yaml:1:10: 'profile' must name its 'base' profile (a profile or an iOS version) beside the parameters it sets"),
        ("profile: {base: ios99}\n", "s.yaml:1:17: 'base' names no profile: 'ios99' is an iOS version no profile covers (ios6: iOS 4–6, ios7: iOS 7–8, ios9: iOS 9–10, ios12: iOS 11–12, ios13: iOS 13, ios14: iOS 14, ios15: iOS 15, ios16: iOS 16.0–16.3, ios16.4: iOS 16.4–16.x, ios17: iOS 17, ios18: iOS 18, ios26: iOS 26.0–26.3, ios26.4: iOS 26.4–26.x)"),
        ("profile: {base: ios17, regions.crosingDistance: 300}\n", "s.yaml:1:24: 'regions.crosingDistance' is not a profile parameter; did you mean 'regions.crossingDistance'? (`keepalive profiles --parameters` lists them; see Docs/Model.md)"),
        ("profile: {base: ios17, regions.crossingDistance: -1}\n", "s.yaml:1:50: 'regions.crossingDistance' must be a number of metres from 0 to 100000, not -1"),
        ("profile: {base: ios17, location.relaunchProbability: 1.5}\n", "s.yaml:1:54: 'location.relaunchProbability' must be a fraction from 0 to 1, not 1.5"),
        ("profile: {base: ios17, regions.maximumMonitored: 2.5}\n", "s.yaml:1:50: 'regions.maximumMonitored' must be a whole number from 0 to 1000, not 2.5"),
        ("profile: {base: ios17, app.suspendsApps: maybe}\n", "s.yaml:1:42: 'app.suspendsApps' must be true or false"),
        ("profile: {base: ios17, location.hiddenIndicatorRule.fromVersion: soon}\n", "s.yaml:1:66: 'location.hiddenIndicatorRule.fromVersion' must be an iOS release (16.4) or never, not 'soon'"),
        ("profile: {base: ios17, Base: ios18}\n", "s.yaml:1:24: 'Base' is set twice"),
        ("profile: {base: ios17, regions.reportDelayMedian: 200}\n",
         "s.yaml:1:10: 'profile' sets parameters that rule each other out: regions.reportDelayNinetiethPercentile is below regions.reportDelayMedian"),
        ("profile: {base: ios17, resources.heldAppJetsamPerHour: lots}\n",
         "s.yaml:1:56: 'resources.heldAppJetsamPerHour' must be a number per hour from 0 to 3600, or off"),
        ("profile: {base: ios17, location.keepAliveStartWakes: [region, carrier]}\n", "s.yaml:1:63: 'location.keepAliveStartWakes' 'carrier' is not a kind of background run (significantChange, region, visit, monitor, liveUpdates, bgTask, push, transfer)"),
    ])
    func aBadEntryIsNamedWhereItStands(yaml: String, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try ScenarioFile.parse(yaml, name: "s.yaml") }
    }

    /// Every parameter reads back the value it was set to, and refuses one out of range.
    @Test func everyParameterWritesWhatItReads() {
        #expect(SimProfile.parameters.count == Set(SimProfile.parameters.map(\.name)).count)
        for parameter in SimProfile.parameters {
            var profile = SimProfile.iOS17
            let value: SimParameterValue = switch parameter.kind {
            case .number(let range, _): .number(range.upperBound)
            case .numberOrOff(let range, _): .numberOrOff(range.upperBound)
            case .flag: .flag(!(parameter.value(in: profile) == .flag(true)))
            case .flagOrEra: .flagOrEra(true)
            case .version: .version(SimOSVersion(1, 2, 3))
            case .wakeKinds: .wakeKinds([.visit])
            case .choice(let names): .choice(names.last!)
            }
            #expect(parameter.set(value, in: &profile), "\(parameter.name)")
            #expect(parameter.value(in: profile) == value, "\(parameter.name)")
            if case .number(let range, _) = parameter.kind {
                #expect(!parameter.set(.number(range.upperBound + 1), in: &profile), "\(parameter.name)")
            }
        }
    }
}

/// Issue 31: a matrix's `profiles:` takes a profile with parameters set beside named ones.
@Suite struct MatrixProfileOverrideTests {
    @Test func aMatrixListsAProfileWithParameters() throws {
        let matrix = try MatrixFile.parse("""
            tracks: [a.gpx]
            profiles: [16.4, {base: 16.4, location.hiddenIndicatorRule.fromVersion: never}]
            runs: [{name: app}]
            """, name: "m.yaml")
        #expect(matrix.profiles.map(\.name) == ["ios16.4", "ios16.4+location.hiddenIndicatorRule.fromVersion"])
        #expect(matrix.profiles.map(\.hiddenIndicatorRule.fromVersion) == [SimOSVersion(16, 4), nil])
        #expect(throws: MatrixError(usage: "m.yaml:2:52: 'regions.crossingDistance' must be a number of metres from 0 to 100000, not -5")) {
            try MatrixFile.parse("tracks: [a.gpx]\nprofiles: [{base: ios17, regions.crossingDistance: -5}]\nruns: [{}]\n", name: "m.yaml")
        }
    }
}
