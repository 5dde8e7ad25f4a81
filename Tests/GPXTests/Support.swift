import GPX
import Testing

/// Reads a document from a string, the way a file would be read.
func read(_ xml: String, lenient: Bool = false, chunkSize: Int = 64 * 1024) throws(GPXReadError) -> GPXDocument {
    try read(Array(xml.utf8), lenient: lenient, chunkSize: chunkSize)
}

func read(_ bytes: [UInt8], lenient: Bool = false, chunkSize: Int = 64 * 1024) throws(GPXReadError) -> GPXDocument {
    let options = GPXReadOptions(isLenient: lenient, chunkSize: chunkSize)
    return try GPXReader(options: options).read(bytes: bytes, name: "test.gpx")
}

/// The error reading `xml` throws; records an issue if it reads.
func readError(_ xml: String, lenient: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) -> GPXReadError? {
    readError(Array(xml.utf8), lenient: lenient, sourceLocation: sourceLocation)
}

func readError(_ bytes: [UInt8], lenient: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) -> GPXReadError? {
    do {
        _ = try read(bytes, lenient: lenient)
        Issue.record("expected an error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

/// A GPX 1.1 document around `body`.
func gpx11(_ body: String, extraNamespaces: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1" creator="test"\(extraNamespaces)>
    \(body)
    </gpx>
    """
}
