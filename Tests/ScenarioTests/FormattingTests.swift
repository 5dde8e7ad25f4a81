@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Testing
import TestSupport

/// The report formatters never trap: out-of-range values print in Swift's shortest form.
@Suite struct FormattingTests {
    @Test(arguments: [
        (0.0, "0:00:00"), (59.96, "0:01:00"), (749, "0:12:29"), (3_725.5, "1:02:05.5"), (-5, "-0:00:05"),
        (3_155_760_000, "876600:00:00"), (1e18, "1e+18 s"), (-1e300, "-1e+300 s"), (.nan, "nan s"), (.infinity, "inf s"),
    ])
    func clock(seconds: Double, text: String) {
        #expect(Formatting.clock(seconds) == text)
    }

    @Test(arguments: [
        (1.005, 2, "1.00"), (-0.004, 2, "0.00"), (-2.5, 1, "-2.5"), (12, 0, "12"),
        (1e16, 2, "1e+16"), (9.3e18, 0, "9.3e+18"), (-1e308, 2, "-1e+308"), (.nan, 2, "nan"), (-.infinity, 1, "-inf"),
    ])
    func fixed(value: Double, decimals: Int, text: String) {
        #expect(Formatting.fixed(value, decimals) == text)
    }

    @Test(arguments: [
        (45.0, "45 s"), (12.5, "12.5 s"), (725, "12 min 5 s"), (7_380, "2 h 3 min"), (1e18, "1e+18 s"), (.nan, "nan s"),
    ])
    func duration(seconds: Double, text: String) {
        #expect(Formatting.duration(seconds) == text)
    }

    @Test(arguments: [
        (30.0, "30"), (12.5, "12.5"), (1e15, "1000000000000000"), (1e18, "1e+18"), (1e308, "1e+308"), (.leastNonzeroMagnitude, "0.0"), (.nan, "nan"),
    ])
    func short(value: Double, text: String) {
        #expect(Formatting.short(value) == text)
    }
}
