import Foundation

/// The numbers of the significant-change service (§3), ``SimProfile/significantChanges``:
/// how far apart its changes come in the field. Apple documents only the least spacing
/// (``SimProfile/significantChangeDistance``, 500 m, and at most one every
/// ``SimProfile/significantChangeMinimumInterval``, 5 min); the service follows cell and Wi-Fi
/// changes, so in the field changes come further apart.
public struct SignificantChangeProfile: Hashable, Sendable, Codable {
    /// How the distance to the next change is chosen.
    public enum Spacing: String, Hashable, Sendable, Codable, CaseIterable {
        /// Every change at Apple's least spacing, 500 m (the model before issue 31).
        case minimum
        /// Each distance drawn from the run's seed: lognormal with median ``fieldMedianMetres``
        /// and 95th percentile ``fieldP95Metres``, never under the least spacing nor over
        /// ``fieldMaximumMetres``. [obs][model]
        case field
    }

    /// How the distance to the next change is chosen (default ``Spacing/field``).
    public var spacing = Spacing.field
    /// The median distance between changes in the field, in metres: 750 m of travel brought a
    /// change half the time, in a developer's tests in Tokyo, Chicago and Melbourne quoted by
    /// T. Stokes, "iPhone Background Location Service" (2010). [obs]
    public var fieldMedianMetres: Double = 750
    /// The 95th percentile, in metres: 2,500 m brought a change 95 % of the time (same source);
    /// Badoo's engineers report "approximately every 500 metres (usually up to 1 km)". [obs]
    public var fieldP95Metres: Double = 2500
    /// The farthest a change is drawn, in metres, so that the lognormal's tail stays finite:
    /// the spec's significant-change goal tolerates 5 km (§4). [model]
    public var fieldMaximumMetres: Double = 5000

    /// The defaults above.
    public init() {}

    /// The metres to the next change, at least `minimum` (Apple's 500 m), drawn from `random`.
    func nextDistance(minimum: Double, random: inout SeededRandom) -> Double {
        switch spacing {
        case .minimum:
            return minimum
        case .field:
            // The 95th percentile of a standard normal is 1.6449.
            let sigma = log(max(fieldP95Metres, fieldMedianMetres) / fieldMedianMetres) / 1.644_853_626_951_472_2
            let drawn = fieldMedianMetres * exp(sigma * random.gaussian())
            return min(max(drawn, minimum), max(fieldMaximumMetres, minimum))
        }
    }
}
