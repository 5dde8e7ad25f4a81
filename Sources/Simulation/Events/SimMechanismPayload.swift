/// The value a mechanism's case of a shared enum carries: `SimEventDetail.bgTasks(event)` gives
/// `event`. Code over the shared enums (the run, the reports) finds a mechanism's own behaviour
/// through the protocols its values conform to, so that it names no mechanism and a new
/// mechanism adds only its one case to each shared enum.
public enum SimMechanismPayload {
    /// The payload of `value`'s case when that is a single value, else nil. Reflection is used
    /// only for mechanism cases, which are rare next to the core's fixes and state changes.
    public static func of(_ value: Any) -> Any? {
        Mirror(reflecting: value).children.first?.value
    }
}
