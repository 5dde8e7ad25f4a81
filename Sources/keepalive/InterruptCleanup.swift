import Foundation

/// Removes a temporary file when this process is interrupted or terminated (SIGINT, SIGTERM,
/// SIGHUP: a terminal closing), then dies of the same signal, so the caller sees it. The signals
/// are heard on a dispatch queue, not in a signal handler, so the cleanup may do anything.
final class InterruptCleanup: @unchecked Sendable {
    /// The signals cleaned up after.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private var sources: [DispatchSourceSignal] = []

    init(removing path: String) {
        for number in Self.signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                unlink(path)
                // Die of the signal: its default action, unblocked in this thread (the dispatch
                // library may block it elsewhere to hear it), then sent again.
                signal(number, SIG_DFL)
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, number)
                pthread_sigmask(SIG_UNBLOCK, &set, nil)
                kill(getpid(), number)
                // Should the signal still wait (blocked by a thread that takes it), end as the shell would report it.
                _exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops listening and restores the signals' default actions.
    func cancel() {
        for source in sources { source.cancel() }
        sources = []
        for number in Self.signals { signal(number, SIG_DFL) }
    }
}
