@testable import GPX
import Testing

/// Inputs the fuzz targets (Tests/Fuzz, Docs/Fuzzing.md) found, minimised, with their exact outcome
/// after the fix. The raw fuzz inputs are replayed too, from Tests/Fuzz/Regressions.
@Suite struct FuzzRegressionTests {
    /// FuzzValueParsers, property 1: formatting the earliest instant trapped on integer overflow
    /// (`secondsSince1970 - 86_399`). Expected date computed independently with Python's `datetime`,
    /// shifted by whole 400-year Gregorian cycles.
    @Test func formatsTheEarliestInstant() {
        #expect(GPXTime(secondsSince1970: .min).iso8601String == "-292277022657-01-27T08:29:52Z")
        // Beyond 9999 the expanded form, with its sign, which the reader refuses.
        #expect(GPXTime(secondsSince1970: .max).iso8601String == "+292277026596-12-04T15:30:07Z")
    }

    /// Years before 0000 were written "00-1"; they are written as ISO 8601's expanded form.
    @Test func formatsYearsBeforeZeroWithASign() {
        #expect(GPXTime(secondsSince1970: -62_167_219_200).iso8601String == "0000-01-01T00:00:00Z")
        #expect(GPXTime(secondsSince1970: -62_167_219_201).iso8601String == "-0001-12-31T23:59:59Z")
    }

    /// FuzzValueParsers, property 0: a time the parser read had to format as one it reads back, but
    /// a zone offset or a leap second at the ends of the years left the readable range (the reader
    /// reads the years 0000…9999, in UTC too).
    @Test(arguments: [
        "999999999-12-31T23:59:60",        // found: formatted 1000000000-01-01T00:00:00Z
        "999999999-12-31T23:59:59-00:01",
        "0000-01-01T00:00:00+01",          // found: formatted 00-1-12-31T23:00:00Z
        "0000-01-01T00:00:00.5+00:01",
    ])
    func refusesTimesOutsideTheReadableYears(text: String) {
        #expect(GPXTime(iso8601: text) == nil)
    }

    @Test(arguments: [
        ("9999-12-31T23:59:59.999999999Z", Int64(253_402_300_799), Int32(999_999_999)),
        ("0000-01-01T00:00:00Z", -62_167_219_200, 0),
        ("0000-01-01T00:00:00-01:00", -62_167_215_600, 0),
    ])
    func readsTheEndsOfTheReadableYears(text: String, seconds: Int64, nanoseconds: Int32) throws {
        let time = try #require(GPXTime(iso8601: text))
        #expect(time.secondsSince1970 == seconds)
        #expect(time.nanoseconds == nanoseconds)
        #expect(GPXTime(iso8601: time.iso8601String) == time)
    }

    /// FuzzValueParsers, property 2 (an accepted number is finite), on a hand-made input (libFuzzer
    /// did not grow inputs that long): a decimal with more than 308 integer digits and no exponent
    /// was read as infinity.
    @Test func refusesDecimalsThatOverflowToInfinity() {
        func parse(_ text: String) -> Double? {
            var text = text
            return text.withUTF8 { DecimalParser.double(UnsafeRawBufferPointer($0)) }
        }
        #expect(parse(String(repeating: "9", count: 400)) == nil)
        #expect(parse("-" + String(repeating: "9", count: 309) + ".5") == nil)
        #expect(parse("1" + String(repeating: "0", count: 308)) == 1e308)
        #expect(parse(String(repeating: "9", count: 308)) == 1e308)
    }

    @Test func anElevationThatOverflowsIsIgnoredWithAWarning() throws {
        let digits = String(repeating: "9", count: 400)
        let document = try read(gpx11("<wpt lat=\"1\" lon=\"2\"><ele>\(digits)</ele></wpt>"))
        #expect(document.waypoints.first?.elevation == nil)
        #expect(document.warnings.map(\.description) == ["3:22: ignored <ele> \"\(digits.prefix(40))…\": it is too large to be a number"])
    }

    /// In a file, such a time is an invalid time (strict) or a skipped point (lenient).
    @Test func aTimeOutsideTheReadableYearsIsAnInvalidTime() throws {
        let xml = gpx11("<trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>0000-01-01T00:00:00+01:00</time></trkpt></trkseg></trk>")
        let error = try #require(readError(xml))
        #expect(error.kind == .invalidTime)
        #expect(error.description == "test.gpx:3:37: <time> \"0000-01-01T00:00:00+01:00\" is outside the years 0000…9999 (in UTC)")
    }
}
