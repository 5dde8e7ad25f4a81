import Foundation
import GPX
import Scenario

/// "reading FILE: 42 %" on stderr, only when stderr is a terminal and the file is large.
enum ProgressLine {
    nonisolated(unsafe) private static var shown = false

    static func forTerminal(_ path: String) -> ((Double) -> Void)? {
        // isatty first, and stat(2) rather than FileManager.attributesOfItem, which also looks
        // up the owner's name: that cost 3 % of every run's start-up.
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        guard let status = FileName.status(path), status.st_size >= 8 * 1024 * 1024 else { return nil }
        var lastPercent = -1
        return { fraction in
            let percent = Int(fraction * 100)
            guard percent != lastPercent else { return }
            lastPercent = percent
            shown = true
            FileHandle.standardError.write(Data("\rreading \(SafeText.terminal(path)): \(percent) %".utf8))
        }
    }

    static func clear() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }
}
