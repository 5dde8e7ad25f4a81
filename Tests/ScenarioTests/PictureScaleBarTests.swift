@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import Testing

/// The map's scale bar and the picture's gap numbering.
@Suite struct PictureScaleBarTests {
    /// The scale bar's length: the roundest 1, 2 or 5 × 10ⁿ m no longer than the maximum.
    @Test(arguments: [(0.5, 1.0), (1, 1), (9.9, 5), (10, 10), (130, 100), (260, 200), (999, 500), (4_100, 2_000), (73_000, 50_000)])
    func scaleBarLengthsAreRound(maximum: Double, metres: Double) {
        #expect(PictureReport.scaleBarMetres(maximum: maximum) == metres)
    }
}
