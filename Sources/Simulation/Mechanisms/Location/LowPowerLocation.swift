/// What Low Power Mode does to an app's background standard location updates (§15): a profile
/// parameter, ``SimProfile/lowPowerModeLocation``, because Apple publishes no rule for it.
///
/// Apple documents that Low Power Mode turns Background App Refresh off and shortens auto-lock;
/// of location it says nothing. Developers report that an app's background reports stop when the
/// phone enters Low Power Mode and stay stopped after it ends until the app starts its updates
/// again (owntracks/ios#430, iOS 10: "resumes only after reloading Owntracks app";
/// rekabhq/background_locator#260, iOS 14: "When you enabled low power mode from ios, the location
/// services get stopped"), while others see deliveries thin out and resume (poreia.app's help:
/// "iOS throttles background activity including GPS updates"). [obs]
public enum SimLowPowerLocationEffect: String, Hashable, Sendable, Codable, CaseIterable {
    /// Low Power Mode changes nothing of location delivery: what Apple documents (it asks apps to
    /// reduce their own work and states no cut in accuracy or cadence). The default (§15). [doc]
    case unaffected
    /// Deliveries to a background app stop while Low Power Mode is on and resume when it ends
    /// or the app comes on screen.
    case stopsWhileOn = "stops-while-on"
    /// Deliveries to a background app stop when Low Power Mode is on and stay stopped, even
    /// after it ends, until the app calls `startUpdatingLocation()` again (or a new process
    /// starts them): the field's reports, and the matrix's `low-power` condition, so that a
    /// design is tried against both readings. [obs]
    case stopsUntilRestarted = "stops-until-restarted"

    /// The profiles' default: Apple's documentation, which names no change (§15). Until issue 31
    /// it was ``stopsUntilRestarted``.
    public static let standard = SimLowPowerLocationEffect.unaffected
}
