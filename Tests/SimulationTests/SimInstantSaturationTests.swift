import Testing
import TestSupport
@testable import Simulation

/// SimInstant's arithmetic saturates at the ends of `Int64` nanoseconds (about ±292 years)
/// instead of trapping.
@Suite struct SimInstantSaturationTests {
    @Test(arguments: [
        (1e10, Int64.max),  // 1e19 ns: past the end
        (1e308, .max), (.infinity, .max), (-1e308, .min), (-.infinity, .min), (.nan, 0),
        (9_223_372_036.854775807, .max), (3_155_760_000, 3_155_760_000_000_000_000),
    ])
    func secondsSaturate(seconds: Double, nanoseconds: Int64) {
        #expect(SimInstant(seconds: seconds).nanoseconds == nanoseconds)
    }

    @Test func sumsAndDifferencesSaturate() {
        let late = SimInstant(nanoseconds: .max - 5)
        #expect(late.adding(seconds: 1).nanoseconds == .max)
        #expect(late.adding(seconds: 1e300) == .distantFuture)
        #expect(SimInstant(nanoseconds: .min + 5).adding(seconds: -1).nanoseconds == .min)
        #expect(late.advanced(by: .seconds(Int64.max)).nanoseconds == .max)
        #expect(SimInstant.zero.advanced(by: .seconds(Int64.min)).nanoseconds == .min)
        #expect(SimInstant(nanoseconds: .min).duration(to: late) == .nanoseconds(Int64.max))
        #expect(late.duration(to: SimInstant(nanoseconds: .min)) == .nanoseconds(Int64.min))
        #expect(late.seconds(since: SimInstant(nanoseconds: .min)) == 18_446_744_073.709553)
        #expect(SimInstant(seconds: 2).adding(seconds: 0.5).seconds(since: SimInstant(seconds: 1)) == 1.5)
    }
}
