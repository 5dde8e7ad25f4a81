/// How a ``GPXReader`` or ``GPXStreamReader`` treats a file.
public struct GPXReadOptions: Hashable, Sendable {
    /// When `false` (the default) the first invalid point is an error. When `true`, invalid points
    /// (bad or out-of-range coordinates, unparseable times) are skipped, each reported as a
    /// ``GPXWarning``, and every valid point is kept. Legacy OpenTracks files, which mark pauses
    /// with `lat="100"` and `lat="200"`, need this.
    public var isLenient: Bool
    /// Bytes read from the file and handed to libexpat at a time.
    public var chunkSize: Int
    /// libexpat's limit on how much entity expansion may amplify the input (its default is 100).
    public var maximumAmplification: Float
    /// Bytes of expansion libexpat allows before it checks ``maximumAmplification`` (its default is 8 MiB).
    public var amplificationActivationThreshold: UInt64

    /// Creates options; the defaults are strict, 64 KiB chunks and libexpat's own protection limits.
    public init(
        isLenient: Bool = false,
        chunkSize: Int = 64 * 1024,
        maximumAmplification: Float = 100,
        amplificationActivationThreshold: UInt64 = 8 * 1024 * 1024
    ) {
        precondition(chunkSize > 0, "chunkSize must be positive")
        self.isLenient = isLenient
        self.chunkSize = chunkSize
        self.maximumAmplification = maximumAmplification
        self.amplificationActivationThreshold = amplificationActivationThreshold
    }
}
