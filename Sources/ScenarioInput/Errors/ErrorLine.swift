/// The one shape of an error on standard error: `error: FILE:LINE:COLUMN: what, why, what to do`,
/// one line. The library's errors carry the part after the prefix; the tool adds the prefix.
public enum ErrorLine {
    /// What every error line starts with, as compilers write it (`warning: ` for warnings).
    public static let prefix = "error: "

    /// `line` without the prefix, if it has it: a worker's error quoted in the parent's own.
    public static func withoutPrefix(_ line: some StringProtocol) -> String {
        line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : String(line)
    }
}
