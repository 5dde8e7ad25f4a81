import GPX

/// Text from inputs (task names, log lines, region, monitor and BGTask ids, run names, paths)
/// made safe for where it is written: every report writer goes through one of these, so that a
/// control character can neither break an SVG, HTML or JUnit file nor drive a terminal.
public enum SafeText {
    /// Whether a character is a control character: C0, DEL or C1.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Text for XML (SVG, HTML, JUnit) content and attribute values: markup escaped, a line
    /// break or tab as a character reference, and every other control character, which XML 1.0
    /// cannot hold (C0) or which a reader would act on (DEL, C1), as a space; so are U+FFFE
    /// and U+FFFF, which are not characters.
    public static func xml(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\t": result += "&#9;"
            case _ where isControl(scalar) || scalar.value == 0xFFFE || scalar.value == 0xFFFF: result += " "
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Text for a terminal: each control character as Swift writes it, `\u{1B}` for ESC,
    /// `\u{7}` for BEL, `\u{D}` for CR, so that a file cannot set the title or clear the screen;
    /// a file name's bytes that are not UTF-8 as `\xFF` (``FileName``). With `keepingLineBreaks`,
    /// line feeds (and tabs) stay, for whole reports; without, they are escaped too, for one field.
    public static func terminal(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || FileName.escapedByte($0) != nil }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if keepingLineBreaks, scalar == "\n" || scalar == "\t" {
                result.unicodeScalars.append(scalar)
            } else if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else if let byte = FileName.escapedByte(scalar) {
                result += "\\x" + String(byte, radix: 16, uppercase: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// One cell of a Markdown table: a line break would end the row and `|` the cell, and HTML
    /// would pass through to the rendered page (`<script>`), so `|` is escaped, `<`, `>` and `&`
    /// become entities, and control characters (line breaks included) are escaped as for a terminal.
    public static func markdownCell(_ text: String) -> String {
        var result = ""
        for scalar in terminal(text).unicodeScalars {
            switch scalar {
            case "|": result += "\\|"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "&": result += "&amp;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A command line as a shell reads it back: each argument bare when it holds only letters,
    /// digits and `_./:=@%+,-`, else in single quotes (a quote inside as `'\''`). Not yet escaped
    /// for where it is written: pass the result through ``xml(_:)`` or ``terminal(_:keepingLineBreaks:)``.
    public static func shell(_ arguments: [String]) -> String {
        arguments.map { argument in
            let plain = !argument.isEmpty && argument.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_./:=@%+,-".unicodeScalars.contains($0)
            }
            return plain ? argument : "'" + argument.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
        }.joined(separator: " ")
    }
}
