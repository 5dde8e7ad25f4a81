import GPX

/// What to do with a track that is another format (``GPXForeignFormat``): the rest of the error
/// line, after the reader's "this is CSV text, not GPX".
public enum ForeignTrack {
    /// The converter the advice names: it reads each of the formats below.
    public static let converter = "gpsbabel"

    /// `; …` to follow the reader's message about `path`; empty when the error names no format.
    public static func advice(for error: GPXReadError) -> String {
        guard let format = error.foreignFormat else { return "" }
        let path = error.file
        // Concrete names only when they are safe to paste into a shell.
        let safe = !path.isEmpty && path.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._/-".contains($0)) } && !path.hasPrefix("-")
        let input = safe ? path : "FILE"
        let output = safe ? convertedName(path) : "track.gpx"
        let convert = { (gpsbabelFormat: String) in "convert it to GPX with \(converter) -i \(gpsbabelFormat) -f \(input) -o gpx -F \(output)" }
        return switch format {
        case .csv: "; a phone's CSV recording goes beside the trip's GPX track: keepalive compare TRACK.gpx --device \(input) (Docs/CLI.md); to replay it, \(convert("unicsv"))"
        case .json: "; a replay reads GPX: \(convert("geojson")) (GeoJSON), or export GPX from the app that wrote it"
        case .kml: "; a replay reads GPX: \(convert("kml"))"
        case .fit: "; a replay reads GPX: \(convert("garmin_fit"))"
        case .gzip: "; decompress it first (gunzip -k \(input)), then give the GPX file"
        case .zip: "; unzip it first; a KMZ holds a KML: \(convert("kml"))"
        case .binary: "; a replay reads GPX: export GPX from the app that wrote it, or convert it with \(converter) (gpsbabel -i FORMAT -f \(input) -o gpx -F \(output))"
        }
    }

    /// `track.csv` → `track.gpx`; a file already named `.gpx` → `track-converted.gpx`, never itself.
    static func convertedName(_ path: String) -> String {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        let folder = String(path.dropLast(name.count))
        let stem = name.lastIndex(of: ".").map { $0 == name.startIndex ? name : String(name[..<$0]) } ?? name
        let converted = stem + ".gpx"
        return folder + (converted == name ? stem + "-converted.gpx" : converted)
    }
}
