@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Testing

/// The JUnit `classname` of a matrix cell: a clean dotted name Jenkins splits where meant.
@Suite struct MatrixReportNamesTests {
    @Test(arguments: [
        ("../../Tracks/city-commute.gpx", "ios17", "keepalive.city-commute.ios17"),
        ("Tracks/v1.2/my.long.trip.gpx", "ios7", "keepalive.my_long_trip.ios7"),
        ("C:\\tracks\\walk.gpx", "ios13", "keepalive.walk.ios13"),
        ("noextension", "ios17.4", "keepalive.noextension.ios17_4"),
        (".hidden", "ios17", "keepalive._hidden.ios17"),
    ])
    func classNameIsTheBaseNameAndTheProfile(track: String, profile: String, expected: String) {
        #expect(MatrixReport.className(track: track, profile: profile) == expected)
    }
}
