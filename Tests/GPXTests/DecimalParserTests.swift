@testable import GPX
import Testing

@Suite struct DecimalParserTests {
    private func parse(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { DecimalParser.double(UnsafeRawBufferPointer($0)) }
    }

    private func parseInteger(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { DecimalParser.integer(UnsafeRawBufferPointer($0)) }
    }

    @Test(arguments: [
        ("52.5200", 52.52), ("-0.5", -0.5), ("+13.405", 13.405), ("  12 \n", 12.0), ("0", 0.0),
        ("180", 180.0), ("-180.0", -180.0), (".5", 0.5), ("5.", 5.0), ("0.000123", 0.000123),
        ("1e3", 1000.0), ("2.5E-3", 0.0025), ("00012.50", 12.5),
        ("123456789012345678901234567890", 123456789012345678901234567890.0),
    ])
    func parsesDecimals(text: String, expected: Double) {
        #expect(parse(text) == expected)
    }

    /// Garmin Connect writes 30 significant digits; the result must be the correctly rounded double.
    @Test(arguments: [
        "37.24173816852271556854248046875", "-121.9372010789811611175537109375",
        "0.1", "0.3", "1.7976931348623157", "45.123456789012345", "9007199254740993",
    ])
    func roundsLikeTheStandardLibrary(text: String) {
        #expect(parse(text) == Double(text))
    }

    @Test(arguments: ["", " ", "abc", "1.2.3", "nan", "NaN", "inf", "-inf", "0x10", "1e", "1e+", "--1", "1,5", "12a", ".", "-"])
    func rejectsNonDecimals(text: String) {
        #expect(parse(text) == nil)
    }

    @Test(arguments: [("142", 142), ("-3", -3), (" 7 ", 7), ("+0", 0)])
    func parsesIntegers(text: String, expected: Int) {
        #expect(parseInteger(text) == expected)
    }

    @Test(arguments: ["", "1.5", "abc", "1234567890123456789", "-"])
    func rejectsNonIntegers(text: String) {
        #expect(parseInteger(text) == nil)
    }
}
