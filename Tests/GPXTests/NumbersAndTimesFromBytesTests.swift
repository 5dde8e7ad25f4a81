import Foundation
@testable import GPX
import Testing

/// Numbers and times read straight from the bytes expat hands over (issue 33): the exact
/// rounding that replaced `Double(String)` for long and exponent-bearing decimals, and the
/// fixed-width time reading beside the general one.
@Suite struct NumbersAndTimesFromBytesTests {
    private func parse(_ text: String) -> DecimalParser.Outcome {
        var text = text
        return text.withUTF8 { DecimalParser.parse(UnsafeRawBufferPointer($0)) }
    }

    private func bits(_ text: String) -> UInt64? {
        if case .value(let value) = parse(text) { return value.bitPattern }
        return nil
    }

    /// Expected values written as binary (hexadecimal float) literals, the doubles IEEE 754's
    /// round-to-nearest-even gives for each decimal.
    @Test(arguments: [
        // 2⁵³ + 1 lies halfway between 2⁵³ and 2⁵³ + 2: the even significand, 2⁵³.
        ("9007199254740993", 0x1p53),
        // 2⁵³ + 3 lies halfway between 2⁵³ + 2 and 2⁵³ + 4: the even one, 2⁵³ + 4.
        ("9007199254740995", 0x1.0000000000002p53),
        // Just above the halfway point: up.
        ("9007199254740993.0000000000000000001", 0x1.0000000000001p53),
        ("90071992547409930000000000000000000e-19", 0x1p53),
        // The smallest subnormal, 2⁻¹⁰⁷⁴, and half of it (a tie, to even: zero) and just above half.
        ("4.9406564584124654e-324", 0x1p-1074),
        ("2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324", 0.0),
        ("2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328126e-324", 0x1p-1074),
        ("1e-400", 0.0),
        // The largest finite double, and a decimal that rounds down to it.
        ("1.7976931348623157e308", 0x1.fffffffffffffp1023),
        ("1.7976931348623158e308", 0x1.fffffffffffffp1023),
        // Exponents on a short mantissa (Clinger's fast path) and on a long one.
        ("1E22", 1e22), ("1e23", 0x1.52d02c7e14af6p76), ("-2.5e-3", -0.0025), ("+12.5e+1", 125),
        ("5.e3", 5000), (".5e1", 5), ("0e999999999999999999999", 0),
        // Garmin Connect's 30 significant digits, an exact binary value each.
        ("37.24173816852271556854248046875", 0x1.29ef146bcp5),
        ("-121.9372010789811611175537109375", -0x1.e7bfb1a3cp6),
        // 17 digits whose mantissa is above 2⁵³: the closest double to 0.1 written out.
        ("0.10000000000000001", 0.1), ("45.123456789012345", 45.123456789012345),
    ])
    func roundsToTheNearestDouble(text: String, expected: Double) {
        #expect(bits(text) == expected.bitPattern, "\(text.prefix(40))")
    }

    @Test func keepsTheSignOfZero() {
        #expect(bits("-0") == (-0.0).bitPattern)
        #expect(bits("-0.000") == (-0.0).bitPattern)
        #expect(bits("-1e-400") == (-0.0).bitPattern)
        #expect(bits("+0") == (0.0).bitPattern)
    }

    /// Halfway between the largest finite double and 2¹⁰²⁴ (= 2¹⁰²⁴ − 2⁹⁷⁰) rounds to even: past the range.
    @Test func refusesWhatRoundsPastTheLargestDouble() {
        #expect(parse("1.7976931348623159e308") == .tooLarge)
        #expect(parse("1e309") == .tooLarge)
        #expect(parse("-1e99999999999999999999") == .tooLarge)
        let halfway = "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792"
        #expect(parse(halfway) == .tooLarge)
        // One less than halfway: the largest finite double.
        #expect(bits(String(halfway.dropLast()) + "1") == Double.greatestFiniteMagnitude.bitPattern)
    }

    @Test(arguments: ["1e", "1e+", "1e-", "e5", ".e5", "1.5.e5", "1e5.5", "1e 5", "1 e5", "0x1p3", "1_000", "١", "1e5x", "+-1"])
    func rejectsMalformedExponentsAndSigns(text: String) {
        #expect(parse(text) == .notANumber)
    }

    @Test func ignoresSurroundingWhiteSpaceAroundExponents() {
        #expect(bits(" \t1.5e3\r\n") == (1500.0).bitPattern)
    }

    /// Seeded decimals of every shape the exact rounding serves, each equal to the last bit to
    /// what `Double(String)` (the C library's correctly rounded `strtod`) reads.
    @Test func agreesWithTheStandardLibraryOnSeededDecimals() {
        var generator = SplitMix(seed: 33)
        var checked = 0
        for round in 0..<20_000 {
            let integerDigits = Int(generator.next() % 25)
            let fractionDigits = Int(generator.next() % 40)
            guard integerDigits + fractionDigits > 0 else { continue }
            var text = generator.next() % 3 == 0 ? "-" : ""
            for _ in 0..<integerDigits { text.append(Character(String(generator.next() % 10))) }
            if fractionDigits > 0 {
                text += "."
                for _ in 0..<fractionDigits { text.append(Character(String(generator.next() % 10))) }
            }
            if round % 2 == 0 { text += "e\(Int(generator.next() % 700) - 350)" }
            guard let reference = Double(text), reference.isFinite else {
                #expect(parse(text) == .tooLarge, "\(text)")
                continue
            }
            #expect(bits(text) == reference.bitPattern, "\(text)")
            checked += 1
        }
        #expect(checked > 15_000)
    }

    /// Every number in the shipped tracks and the corpus reads as `Double(String)` reads its text.
    @Test func readsEveryNumberOfTheTracksAndTheCorpusAsBefore() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("Tracks").path)
            .filter { $0.hasSuffix(".gpx") }.map { root.appendingPathComponent("Tracks/\($0)").path }
        if Corpus.isAvailable {
            files += try FileManager.default.contentsOfDirectory(atPath: Corpus.folder.path)
                .filter { $0.hasSuffix(".gpx") || $0.hasSuffix(".xml") }.map(Corpus.path)
        }
        // lat="…", lon="…" and the text of numeric elements.
        let pattern = try NSRegularExpression(
            pattern: #"(?:(?:lat|lon|minlat|minlon|maxlat|maxlon)\s*=\s*["']([^"']*)["'])|<(?:[A-Za-z0-9]+:)?(?:ele|course|speed|hdop|vdop|pdop|atemp|wtemp|depth|bearing|ageofdgpsdata|geoidheight|magvar)>([^<]*)<"#)
        var numbers = 0
        for file in files {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let range = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 2)
                guard let swiftRange = Range(range, in: text) else { continue }
                let value = String(text[swiftRange])
                let trimmed = value.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n"))
                guard let reference = Double(trimmed), reference.isFinite, trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }) else { continue }
                #expect(bits(value) == reference.bitPattern, "\(file): \(value)")
                numbers += 1
            }
        }
        #expect(numbers > 1_000)
    }

    // MARK: Times

    private func time(_ text: String) -> GPXTime? { GPXTime(iso8601: text) }

    /// The fixed-width reading and the general one agree: the same instants with and without the
    /// fast shape (an expanded year goes the general way). Seconds from Python's `datetime`.
    @Test(arguments: [
        ("2016-02-29T23:59:60Z", 1_456_790_400, 0, Int32(0)),  // a leap second, as GPS logs may write: the next day's 00:00:00
        ("2000-02-29T12:00:00+14:00", 951_775_200, 0, 50_400),
        ("2100-03-01T00:00:00-00:30", 4_107_544_200, 0, -1_800),
        ("1970-01-01T00:00:00.000000001Z", 0, 1, 0),
        ("1969-12-31T23:59:59.999999999Z", -1, 999_999_999, 0),
        ("2023-11-14 22:13:20.5+0130", 1_699_994_600, 500_000_000, 5_400),
        ("2023-11-14t22:13:20z", 1_700_000_000, 0, 0),
        ("0000-01-01T00:00:00Z", -62_167_219_200, 0, 0),
    ])
    func readsEdgeTimes(text: String, seconds: Int64, nanoseconds: Int32, offset: Int32) throws {
        let parsed = try #require(time(text))
        #expect(parsed.secondsSince1970 == seconds)
        #expect(parsed.nanoseconds == nanoseconds)
        #expect(parsed.utcOffsetSeconds == offset)
    }

    @Test(arguments: [
        "2100-02-29T00:00:00Z",  // 2100 is not a leap year
        "1900-02-29T00:00:00Z",
        "2023-11-14T22:13:2OZ",  // a letter O among the digits
        "2023-11-14T22:13:20.",  // a point and no digit
        "2023-11-14T22:1320Z", "2023-11-14T2213:20Z", "2023/11/14T22:13:20Z", "2023-11-14_22:13:20Z",
        "2023-11-14T22:13:20+14:60", "2023-11-14T22:13:20 Z", "2023-11-14T22:13:20Z ",  // trailing space is trimmed, so this one reads
        "12023-11-14T22:13:20Z",  // five year digits: outside the readable years
        "+2023-11-14T22:13:20Z", "2023-11-14T22:13:20+01:00:00", "2023-11-14T-2:13:20Z",
    ])
    func rejectsMalformedTimes(text: String) {
        // The one with a trailing space is trimmed and reads; every other is refused.
        if text == "2023-11-14T22:13:20Z " {
            #expect(time(text)?.secondsSince1970 == 1_700_000_000)
        } else {
            #expect(time(text) == nil, "\(text)")
        }
    }

    /// A remembered date serves only the same date's times: across midnight, after a refused date,
    /// and after a time in another shape, each time reads as it does alone.
    @Test func theRememberedDateServesOnlyItsOwnDate() {
        var memo = ISO8601TimeParser.DateMemo()
        func read(_ text: String) -> Int64? {
            var text = text
            return text.withUTF8 { try? ISO8601TimeParser.parseChecked(UnsafeRawBufferPointer($0), memo: &memo).get().secondsSince1970 }
        }
        let texts = [
            "2023-11-14T23:59:59Z", "2023-11-14T22:13:20Z", "2023-11-15T00:00:00Z", "2023-02-28T00:00:00Z",
            "2023-02-29T00:00:00Z", "2023-02-28T25:00:00Z", "2023-02-28T00:00:01+01:00", "02023-02-28T00:00:00Z",
            "2023-11-15T00:00:00Z",
        ]
        let read = texts.map(read)
        let expected: [Int64?] = [
            1_700_006_399, 1_700_000_000, 1_700_006_400, 1_677_542_400,
            nil, nil, 1_677_538_801, 1_677_542_400,
            1_700_006_400,
        ]
        #expect(read == expected)
    }

    /// The general reading still takes what the fixed shape does not: a year written with more
    /// digits is read by it (years past 9999 are refused for lying outside the readable ones).
    @Test func anExpandedYearGoesTheGeneralWay() {
        var text = "02023-11-14T22:13:20Z"
        let result = text.withUTF8 { ISO8601TimeParser.parseChecked(UnsafeRawBufferPointer($0)) }
        // Five digits, year 2023: the general reading accepts the leading zero.
        #expect((try? result.get())?.secondsSince1970 == 1_700_000_000)
    }
}

/// A small deterministic generator (SplitMix64), so that the seeded tests see the same values on every run.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
