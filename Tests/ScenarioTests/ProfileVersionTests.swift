import Testing
@testable import Scenario
import Simulation

/// Issue 18 D: profile names in any case, and every iOS version runs the profile covering it,
/// with the ranges taken from the profiles themselves.
@Suite struct ProfileVersionTests {
    @Test func everyVersionFromFourToEighteenAndTwentySixHasItsProfile() {
        let names = (1...30).map { SimProfile.covering(version: $0)?.name ?? "-" }
        #expect(names == [
            "-", "-", "-", "ios6", "ios6", "ios6", "ios7", "ios7", "ios9", "ios9",
            "ios12", "ios12", "ios13", "ios14", "ios14", "ios14", "ios17", "ios18", "-", "-",
            "-", "-", "-", "-", "-", "ios26", "-", "-", "-", "-",
        ])
        // Only a version that is not the profile's own is remembered, for the reports.
        #expect(SimProfile.covering(version: 16)?.requestedVersion == 16)
        #expect(SimProfile.covering(version: 14) == .iOS14)
        // iOS 17 is ios17, not the debugger, which models it too.
        #expect(SimProfile.debugger.coversVersions == 17...17)
        #expect(SimProfile.covering(version: 17) == .iOS17)
    }

    @Test(arguments: [
        ("ios17", "ios17", nil), ("iOS17", "ios17", nil), ("IOS17", "ios17", nil), ("Debugger", "debugger", nil),
        ("16", "ios14", 16), ("ios16", "ios14", 16), ("iOS 16", "ios14", 16), ("ios16.4", "ios14", 16), ("iOS 16.4.1", "ios14", 16),
        ("ios8", "ios7", 8), ("ios10", "ios9", 10), ("ios11", "ios12", 11), ("ios5", "ios6", 5), ("17.2", "ios17", nil),
    ] as [(String, String, Int?)])
    func aNameInAnyCaseOrAVersionRunsItsProfile(text: String, name: String, requested: Int?) throws {
        let profile = try #require(SimProfile(settingText: text))
        #expect(profile.name == name)
        #expect(profile.requestedVersion == requested)
    }

    @Test(arguments: [
        ("ios99", "'ios99' is an iOS version no profile covers (ios6: iOS 4–6, ios7: iOS 7–8, ios9: iOS 9–10, ios12: iOS 11–12, ios13: iOS 13, ios14: iOS 14–16, ios17: iOS 17, ios18: iOS 18, ios26: iOS 26)"),
        ("iOS 3", "'iOS 3' is an iOS version no profile covers (ios6: iOS 4–6, ios7: iOS 7–8, ios9: iOS 9–10, ios12: iOS 11–12, ios13: iOS 13, ios14: iOS 14–16, ios17: iOS 17, ios18: iOS 18, ios26: iOS 26)"),
        ("ios17x", "'ios17x' is not a profile or an iOS version (ios6: iOS 4–6, ios7: iOS 7–8, ios9: iOS 9–10, ios12: iOS 11–12, ios13: iOS 13, ios14: iOS 14–16, ios17: iOS 17, ios18: iOS 18, ios26: iOS 26; or debugger); did you mean 'ios17'?"),
        ("ios16.", "'ios16.' is not a profile or an iOS version (ios6: iOS 4–6, ios7: iOS 7–8, ios9: iOS 9–10, ios12: iOS 11–12, ios13: iOS 13, ios14: iOS 14–16, ios17: iOS 17, ios18: iOS 18, ios26: iOS 26; or debugger); did you mean 'ios6'?"),
    ])
    func aVersionNoProfileCoversListsTheRanges(text: String, message: String) {
        #expect(SimProfile(settingText: text) == nil)
        #expect(SimProfile.notAValue(text) == message)
    }

    @Test func theReportsSayWhichProfileStoodInAndWhy() throws {
        #expect(Prose.profile(.iOS14) == "ios14")
        #expect(Prose.profile(try #require(SimProfile(settingText: "ios16"))) == "ios16 → ios14 profile (covers iOS 14–16)")
        #expect(Prose.profile(try #require(SimProfile(settingText: "ios8"))) == "ios8 → ios7 profile (covers iOS 7–8)")
        let json = SummaryReport.profileChoice(try #require(SimProfile(settingText: "iOS 16")))
        #expect(json == .object([("requestedVersion", .int(16)), ("coversVersions", .array([.int(14), .int(16)])),
                                 ("text", .string("ios16 → ios14 profile (covers iOS 14–16)"))]))
        #expect(SummaryReport.profileChoice(.iOS17) == .null)
    }

    @Test func aScenarioFileNamesAProfileByVersion() throws {
        let settings = try ScenarioFile.parse("profile: iOS 16.4\n", name: "s.yaml")
        let resolved = try settings.resolved()
        #expect(resolved.profile.name == "ios14")
        #expect(resolved.profile.requestedVersion == 16)
        #expect(throws: ReplayError.invalidSettings("--profile: 'ios20' is an iOS version no profile covers (ios6: iOS 4–6, ios7: iOS 7–8, ios9: iOS 9–10, ios12: iOS 11–12, ios13: iOS 13, ios14: iOS 14–16, ios17: iOS 17, ios18: iOS 18, ios26: iOS 26)")) {
            try ScenarioFile.parse("profile: ios20\n", name: "s.yaml").resolved()
        }
    }

    @Test func aMatrixRunsTheProfileAVersionMapsToAndItsExpectationsFollow() throws {
        let matrix = try MatrixFile.parse("""
            tracks: [a.gpx]
            profiles: [IOS13, ios16]
            runs:
              - expect: {ios15: suspended, ios13: met}
            """, name: "m.yaml")
        #expect(matrix.profiles.map(\.name) == ["ios13", "ios14"])
        #expect(matrix.profiles.map(\.requestedVersion) == [nil, 16])
        #expect(matrix.runs[0].expect == MatrixExpectation(byProfile: ["ios14": .suspended, "ios13": .met], otherwise: nil))
    }
}
