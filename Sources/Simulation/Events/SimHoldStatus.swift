/// A mechanism's answer to "do you hold the app now?".
public enum SimHoldStatus: Hashable, Sendable {
    case holding(SimHold)
    /// Not holding; the cause says why, when the mechanism is in use at all.
    case notHolding(SimCause?)
    /// Not holding because iOS refused what the app asked for (a When In Use app starting
    /// updates from the background): the root of whatever follows, first in the cause chain.
    case refused(SimCause)
}
