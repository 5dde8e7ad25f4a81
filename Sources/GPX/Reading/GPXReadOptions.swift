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
    /// The longest value the reader accepts, in bytes (default 1 MiB): the text of one element
    /// (`<desc>`, `<name>`, …, after entities are expanded), one attribute value it reads, and one
    /// piece of markup libexpat must hold whole (a tag with all its attributes, a comment, a
    /// processing instruction). Anything longer fails the read with
    /// ``GPXReadError/Kind/valueTooLong`` and its position, in both strict and lenient mode.
    ///
    /// This bounds memory, and time too: libexpat 2.5 rescans an unfinished piece of markup each
    /// time more bytes arrive. Raising the limit is safe for time (the reader then feeds libexpat
    /// at least as many new bytes as it holds unfinished, which keeps the rescans linear) but lets
    /// memory grow to a few times the limit.
    public var maximumValueLength: Int
    /// How many warnings a ``GPXDocument`` or ``GPXSummary`` keeps (default 100); further ones
    /// are only counted, in their `suppressedWarningCount`. The stream itself reports them all.
    public var maximumStoredWarnings: Int

    /// Creates options; the defaults are strict, 64 KiB chunks, libexpat's own protection limits,
    /// values of at most 1 MiB and 100 stored warnings.
    public init(
        isLenient: Bool = false,
        chunkSize: Int = 64 * 1024,
        maximumAmplification: Float = 100,
        amplificationActivationThreshold: UInt64 = 8 * 1024 * 1024,
        maximumValueLength: Int = 1 << 20,
        maximumStoredWarnings: Int = 100
    ) {
        precondition(chunkSize > 0, "chunkSize must be positive")
        precondition(maximumValueLength > 0, "maximumValueLength must be positive")
        self.isLenient = isLenient
        self.chunkSize = chunkSize
        self.maximumAmplification = maximumAmplification
        self.amplificationActivationThreshold = amplificationActivationThreshold
        self.maximumValueLength = maximumValueLength
        self.maximumStoredWarnings = max(0, maximumStoredWarnings)
    }
}
