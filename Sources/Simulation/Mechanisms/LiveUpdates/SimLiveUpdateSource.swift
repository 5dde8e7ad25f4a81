import Foundation

/// `CLLocationUpdate.liveUpdates(_:)` as a value bound to one simulated application: the
/// simulation's side of `LiveLocationUpdating` (on the device, `CoreLocationLiveUpdates`).
///
/// ```swift
/// application.task {
///     for try await update in application.liveUpdateSource.liveUpdates(.fitness) { … }
/// }
/// ```
///
/// Each call starts updates as ``SimApplication/liveUpdates(_:)`` does, at once; leaving the
/// loop ends them, as on the device. Apple's is a static function; a static could not tell which
/// simulation's app asks.
@MainActor
public struct SimLiveUpdateSource: LiveLocationUpdating {
    private weak var application: SimApplication?

    init(application: SimApplication) {
        self.application = application
    }

    /// Starts updates for `configuration`: `application.liveUpdates(configuration)`, read as a sequence.
    public func liveUpdates(_ configuration: SimLiveConfiguration) -> SimLiveUpdateSequence {
        guard let application else {
            preconditionFailure("liveUpdates: the simulation this app ran in no longer exists")
        }
        return SimLiveUpdateSequence(application.liveUpdates(configuration))
    }
}

extension SimApplication {
    /// Live updates in Apple's shape (`LiveLocationUpdating`), for app code that runs on the
    /// device too: `for try await update in application.liveUpdateSource.liveUpdates(.fitness)`.
    public var liveUpdateSource: SimLiveUpdateSource { SimLiveUpdateSource(application: self) }
}

/// `CLLocationUpdate.Updates`: the updates of one ``SimLiveUpdates`` handle (its
/// ``SimLiveUpdates/updates`` stream, unchanged). When the sequence and its iterator are gone —
/// the loop ended — the handle stops, as leaving the loop ends Apple's updates.
public struct SimLiveUpdateSequence: AsyncSequence, Sendable {
    public typealias Element = SimLocationUpdateValue
    public typealias Failure = Never

    private let updates: SimAsyncStream<SimLocationUpdateValue>
    private let lease: Lease

    @MainActor init(_ handle: SimLiveUpdates) {
        updates = handle.updates
        lease = Lease(handle)
    }

    /// The running updates (for `stop()`, `isStopped`, the configuration).
    public var handle: SimLiveUpdates { lease.handle }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: updates.makeAsyncIterator(), lease: lease)
    }

    /// Iterates the updates; it stays on the caller's actor while it waits.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Failure = Never
        private var base: SimAsyncStream<SimLocationUpdateValue>.AsyncIterator
        private let lease: Lease

        fileprivate init(base: SimAsyncStream<SimLocationUpdateValue>.AsyncIterator, lease: Lease) {
            self.base = base
            self.lease = lease
        }

        public mutating func next() async -> SimLocationUpdateValue? {
            await base.next()
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Never) -> SimLocationUpdateValue? {
            await base.next(isolation: actor)
        }
    }

    /// Stops the handle when the last copy goes. A loop on the main actor (`application.task`)
    /// ends it at once, at the instant it left the loop; elsewhere it is stopped from the main
    /// actor soon after.
    fileprivate final class Lease: Sendable {
        let handle: SimLiveUpdates

        init(_ handle: SimLiveUpdates) { self.handle = handle }

        deinit {
            let handle = handle
            if Thread.isMainThread {
                MainActor.assumeIsolated { handle.stop() }
            } else {
                Task { @MainActor in handle.stop() }
            }
        }
    }
}
