import Simulation

/// One replay of a matrix: a track, a profile, a run and a field condition, with its settings resolved.
public struct MatrixCell: Sendable {
    /// Its place in plan order.
    public let index: Int
    public let track: Int
    public let profile: Int
    public let run: Int
    /// Its index in ``Matrix/conditions``.
    public let condition: Int
    public let settings: ResolvedReplay
    /// `nil`: reported, never a failure.
    public let expected: MatrixExpected?
}
