import Simulation

/// One replay of a matrix: a track, a profile and a run, with its settings resolved.
public struct MatrixCell: Sendable {
    /// Its place in plan order.
    public let index: Int
    public let track: Int
    public let profile: Int
    public let run: Int
    public let settings: ResolvedReplay
    /// `nil`: reported, never a failure.
    public let expected: MatrixExpected?
}
