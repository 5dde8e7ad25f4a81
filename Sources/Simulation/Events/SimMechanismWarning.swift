/// A mechanism's warning (a `SimWarning` case's payload) that may be about the run as a whole,
/// so that ``SimWarning/isAboutTheRun`` names no mechanism.
public protocol SimMechanismWarning: Sendable {
    /// Whether the summary keeps it, rather than the event log only.
    var isAboutTheRun: Bool { get }
}
