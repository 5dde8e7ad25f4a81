/// Why a GPX file could not be read, and where.
///
/// Its ``description`` is what a person should see, in the form compilers use:
/// `track.gpx:12:8: latitude 100 is outside −90…90`.
public struct GPXReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The broad reason; decides the exit code of the command-line tool.
    public enum Kind: Hashable, Sendable {
        /// The file does not exist or cannot be opened or read.
        case unreadable
        /// The file holds no bytes, or only white space.
        case empty
        /// The file ends before the document does.
        case truncated
        /// libexpat found the XML not well-formed; carries expat's error code.
        case notWellFormed(expatCode: Int)
        /// libexpat stopped an entity-expansion ("billion laughs") attack.
        case entityExpansionLimit
        /// The root element is not `<gpx>` in a GPX namespace (or no namespace), or the file is
        /// another format altogether (``GPXReadError/foreignFormat`` names it).
        case notGPX
        /// A point lacks `lat` or `lon`.
        case missingCoordinate
        /// `lat` or `lon` is not a decimal number.
        case invalidCoordinate
        /// `lat` is outside −90…90 or `lon` outside −180…180.
        case coordinateOutOfRange
        /// A `<time>` is not an ISO 8601 date-time, or names an instant outside the years 0000…9999.
        case invalidTime
        /// A text value, an attribute value, or a single piece of markup (a tag with its
        /// attributes, a comment) is longer than ``GPXReadOptions/maximumValueLength``.
        case valueTooLong
    }

    /// The broad reason.
    public var kind: Kind
    /// The file as the caller named it.
    public var file: String
    /// Where in the file; `nil` when the file could not be read at all.
    public var position: GPXSourcePosition?
    /// What went wrong, in words.
    public var message: String
    /// What the file is instead of GPX, when its first bytes tell (CSV, JSON, KML, …): for the
    /// caller to say what to do with it.
    public var foreignFormat: GPXForeignFormat?

    /// Creates an error.
    public init(kind: Kind, file: String, position: GPXSourcePosition?, message: String, foreignFormat: GPXForeignFormat? = nil) {
        self.kind = kind
        self.file = file
        self.position = position
        self.message = message
        self.foreignFormat = foreignFormat
    }

    /// `FILE:LINE:COLUMN: message`, or `FILE: message` without a position.
    public var description: String {
        if let position { return "\(file):\(position.line):\(position.column): \(message)" }
        return "\(file): \(message)"
    }
}
