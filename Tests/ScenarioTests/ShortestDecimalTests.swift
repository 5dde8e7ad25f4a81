import Foundation
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
@testable import Simulation
import Testing

/// `ShortestDecimal` writes `description`'s text where it answers, and leaves the rest to the
/// standard library (issue 21: the jsonl writer's coordinates).
@Suite struct ShortestDecimalTests {
    private func written(_ value: Double) -> String? {
        let room = UnsafeMutablePointer<UInt8>.allocate(capacity: ShortestDecimal.longest)
        defer { room.deallocate() }
        guard let count = ShortestDecimal.write(value, to: room) else { return nil }
        return String(decoding: UnsafeBufferPointer(start: room, count: count), as: UTF8.self)
    }

    @Test func writesDescriptionsText() {
        let cases: [(Double, String)] = [
            (47.019914674901784, "47.019914674901784"), (8.025877049705471, "8.025877049705471"),
            (-0.1, "-0.1"), (0.1 + 0.2, "0.30000000000000004"), (47, "47.0"), (100, "100.0"), (10, "10.0"),
            (0.002, "0.002"), (0.00390625 + 0.0001, "0.00400625"), (-179.9999999, "-179.9999999"),
            (8_589_934_591.5, "8589934591.5"), (123_456.789, "123456.789"), (5.75, "5.75"), (3, "3.0"),
        ]
        for (value, text) in cases {
            #expect(written(value) == text, "\(value)")
            #expect(value.description == text)
        }
    }

    /// Outside its range, at powers of two, and where the nearest candidate ties or sits on the
    /// rounding interval's edge, it leaves the number to the standard library.
    @Test func leavesTheRareCasesToTheStandardLibrary() {
        let left: [Double] = [0, -0.0, .nan, .infinity, .leastNonzeroMagnitude, 1e-4, 0.001, 0x1p-10, 0x1p33, 1e15 + 0.5,
                              0.5, 1024, -2, 0x1p-9,
                              3_596_993_352.2851562]   // 3596993352.28515625 exactly: a tie at 7 digits
        for value in left { #expect(written(value) == nil, "\(value)") }
        // The tie is written by the fallback as `description` resolves it.
        var bytes = LineBytes(capacity: 8)
        bytes.shortest(3_596_993_352.2851562)
        #expect(bytes.string == "3596993352.2851562")
    }

    /// 400,000 seeded values in its range, of the shapes a jsonl line holds: each one it answers
    /// equals `description`, and it answers all but the handful it must leave.
    @Test func equalsDescriptionOnSeededValuesInItsRange() {
        var random = SeededRandom(seed: 0x2026_1127_0006)
        func next() -> UInt64 { random.next() }
        func unit() -> Double { random.unit() }
        var answered = 0
        var mismatches: [Double] = []
        for index in 0..<400_000 {
            let value: Double
            switch index % 5 {
            case 0: value = 47 + unit() * 0.01                                     // a latitude with noise
            case 1: value = -180 + unit() * 360                                    // any longitude
            case 2: value = Double(sign: .plus, exponent: Int(next() % 42) - 9, significand: 1 + unit())   // every exponent it takes
            case 3: value = Double(next() % 1_800_000_000) / 10_000_000 - 90    // seven decimals, as GPX files hold
            default: value = Double(next() % 100_000) / Double(1 << (next() % 12))  // few bits: ties nearby
            }
            guard let text = written(value) else { continue }
            answered += 1
            if text != value.description { mismatches.append(value) }
        }
        #expect(mismatches.count == 0, "first: \(mismatches.prefix(5))")
        #expect(answered == 399_981)
    }
}
