/// The device parameters a scenario or a matrix may set (`device.…`).
extension SimDeviceProfile {
    public static let parameters: [SimProfileParameter.Parameter<SimDeviceProfile>] = [
        .number("lowPowerModeOfferLevel", \.lowPowerModeOfferLevel, 0...1, .fraction, "the battery level at which iOS offers Low Power Mode (§15: 20 %)"),
        .flag("acceptsLowPowerModeOffer", \.acceptsLowPowerModeOffer, "whether the simulated user accepts the offer (model)"),
        .flagOrEra("relaunchesAfterAppUpdate", \.relaunchesAfterAppUpdate, "whether background launches resume after an app update before the app is opened (§15; era: before iOS 15)"),
    ]
}
