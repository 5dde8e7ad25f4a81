/// A mechanism's answer to "do you hold the app now?".
public enum SimHoldStatus: Hashable, Sendable {
    case holding(SimHold)
    /// Not holding; the cause says why, when the mechanism is in use at all.
    case notHolding(SimCause?)
}
