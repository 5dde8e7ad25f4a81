/// The parameters of ``SignificantChangeProfile`` a scenario or a matrix may set (`significantChanges.…`).
extension SignificantChangeProfile {
    public static let parameters: [SimProfileParameter.Parameter<SignificantChangeProfile>] = [
        .choice("spacing", \.spacing, "field (seeded, wider) or minimum (every 500 m) spacing of significant changes"),
        .number("fieldMedianMetres", \.fieldMedianMetres, 0...1_000_000, .metres, "the field spacing's median (750 m)"),
        .number("fieldP95Metres", \.fieldP95Metres, 0...1_000_000, .metres, "the field spacing's 95th percentile (2,500 m)"),
        .number("fieldMaximumMetres", \.fieldMaximumMetres, 0...1_000_000, .metres, "the field spacing's cap (5 km)"),
    ]

    /// What the parameters set together rule out, or `nil`.
    public var parameterConflict: String? {
        fieldP95Metres < fieldMedianMetres ? "significantChanges.fieldP95Metres is below significantChanges.fieldMedianMetres" : nil
    }
}
