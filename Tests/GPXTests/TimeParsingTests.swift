@testable import GPX
import Testing

/// Expected seconds were computed independently with Python's `datetime` (proleptic Gregorian).
@Suite struct TimeParsingTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 0, 0, Int32(0)),
        ("2000-01-01T00:00:00Z", 946_684_800, 0, 0),
        ("2000-01-01t00:00:00z", 946_684_800, 0, 0),
        ("2000-01-01 00:00:00Z", 946_684_800, 0, 0),
        ("2015-12-11T15:43:13.994+01:00", 1_449_844_993, 994_000_000, 3600),
        ("2015-12-11T15:43:13.994+0100", 1_449_844_993, 994_000_000, 3600),
        ("2015-12-11T15:43:13.994+01", 1_449_844_993, 994_000_000, 3600),
        ("2005-07-16T18:15:40.7599561-07:00", 1_121_562_940, 759_956_100, -25200),
        ("2021-01-07T21:51:59.179+01:15", 1_610_051_819, 179_000_000, 4500),
        ("1901-12-13T20:45:52.2073437Z", -2_147_483_648, 207_343_700, 0),
        ("1234-12-12T08:00:00.123Z", -23_196_038_400, 123_000_000, 0),
        ("4096-12-12T08:00:00.410Z", 67_120_041_600, 410_000_000, 0),
        ("2020-02-29T12:00:00Z", 1_582_977_600, 0, 0),
        ("9999-12-31T23:59:59.999999999Z", 253_402_300_799, 999_999_999, 0),
        ("2000-01-01T00:00:00.1234567891234Z", 946_684_800, 123_456_789, 0),
        ("  2000-01-01T00:00:00Z\n", 946_684_800, 0, 0),
    ])
    func parsesZonedTimes(text: String, seconds: Int64, nanoseconds: Int32, offset: Int32) throws {
        let time = try #require(GPXTime(iso8601: text))
        #expect(time.secondsSince1970 == seconds)
        #expect(time.nanoseconds == nanoseconds)
        #expect(time.utcOffsetSeconds == offset)
        #expect(time.hasTimeZone)
    }

    @Test func timeWithoutZoneIsUTCAndFlagged() throws {
        let time = try #require(GPXTime(iso8601: "2025-04-22T19:23:27.586350"))
        #expect(time.secondsSince1970 == 1_745_349_807)
        #expect(time.nanoseconds == 586_350_000)
        #expect(time.utcOffsetSeconds == nil)
        #expect(!time.hasTimeZone)
    }

    @Test(arguments: [
        "", "not-a-timestamp", "2021-13-01T00:00:00Z", "2021-02-29T00:00:00Z", "2021-04-31T00:00:00Z",
        "2021-01-01T24:00:00Z", "2021-01-01T00:60:00Z", "2021-01-01T00:00:61Z", "2021-01-01T00:00Z",
        "2021-01-01", "21-01-01T00:00:00Z", "2021-01-01T00:00:00.Z", "2021-01-01T00:00:00+1:00",
        "2021-01-01T00:00:00+24:00", "2021-01-01T00:00:00+01:60", "2021-01-01T00:00:00Zjunk",
        "2021-01-01X00:00:00Z", "2021-1-01T00:00:00Z", "-2021-01-01T00:00:00Z",
    ])
    func rejectsMalformedTimes(text: String) {
        #expect(GPXTime(iso8601: text) == nil)
    }

    @Test(arguments: [
        ("2021-01-07T21:51:59.179Z", "2021-01-07T21:51:59.179Z"),
        ("2015-12-11T15:43:13.994+01:00", "2015-12-11T14:43:13.994Z"),
        ("1901-12-13T20:45:52.2073437Z", "1901-12-13T20:45:52.2073437Z"),
        ("1234-12-12T08:00:00.123Z", "1234-12-12T08:00:00.123Z"),
        ("4096-12-12T08:00:00.410Z", "4096-12-12T08:00:00.41Z"),
        ("1969-12-31T23:59:59.5Z", "1969-12-31T23:59:59.5Z"),
        ("2011-07-02T17:47:25.2Z", "2011-07-02T17:47:25.2Z"),
    ])
    func formatsAsUTC(text: String, expected: String) throws {
        #expect(try #require(GPXTime(iso8601: text)).iso8601String == expected)
    }

    @Test func comparesInstantsNotZones() throws {
        let utc = try #require(GPXTime(iso8601: "2015-12-11T14:43:13Z"))
        let plusOne = try #require(GPXTime(iso8601: "2015-12-11T15:43:13+01:00"))
        #expect(utc == plusOne)
        let later = try #require(GPXTime(iso8601: "2015-12-11T14:43:13.000001Z"))
        #expect(utc < later)
        #expect(later.seconds(since: utc) == 0.000001)
    }

    @Test func secondsSinceIsExactAcrossCenturies() throws {
        let a = try #require(GPXTime(iso8601: "1234-12-12T08:00:00.123Z"))
        let b = try #require(GPXTime(iso8601: "4096-12-12T08:00:00.410Z"))
        #expect(b.seconds(since: a) == 90_316_080_000.287)
    }
}
