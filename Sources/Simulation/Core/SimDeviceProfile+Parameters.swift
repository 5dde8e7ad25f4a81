/// The device parameters a scenario or a matrix may set (`device.…`).
extension SimDeviceProfile {
    public static let parameters: [SimProfileParameter.Parameter<SimDeviceProfile>] = [
        .number("lowPowerModeOfferLevel", \.lowPowerModeOfferLevel, 0...1, .fraction, "the battery level at which iOS offers Low Power Mode (§15: 20 %)"),
        .flag("acceptsLowPowerModeOffer", \.acceptsLowPowerModeOffer, "whether the simulated user accepts the offer (model)"),
        .flagOrEra("relaunchesAfterAppUpdate", \.relaunchesAfterAppUpdate, "whether background launches resume after an app update before the app is opened (§15; era: before iOS 15)"),
        .number("lowPowerModeEndsAtChargeLevel", \.lowPowerModeEndsAtChargeLevel, 0...1, .fraction,
                "the charge at which Low Power Mode ends while charging (§15: 80 %)"),
        .number("lowPowerModeAutoLockSeconds", \.lowPowerModeAutoLockSeconds, 1...86_400, .seconds,
                "Low Power Mode's auto-lock after the user's last interaction (§15: 30 s)"),
    ]
}
