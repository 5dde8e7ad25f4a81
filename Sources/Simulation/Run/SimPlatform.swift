#if !os(iOS)
import Foundation
import PlatformShapes

/// The simulation's side of the shapes' statics (`AppClock.now`, `AppTaskScheduler.shared`,
/// `AppProcessInfo.processInfo`, `AppNotificationCenter.default`, `LocationUpdate.liveUpdates(_:)`):
/// one per simulation, bound by each of its runs as the task-local
/// `SimulatedPlatformBinding.current` (Docs/Library.md, "Apple's statics").
@MainActor
final class SimPlatform: SimulatedPlatform {
    // Weak: a task made in a run inherits the binding and may outlive the simulation (a test's
    // simulation let go of while the task still waits); it then reads an ended device.
    private weak var system: SimSystem?
    private let startDate: Date
    private let clock: SimClock

    init(system: SimSystem) {
        self.system = system
        startDate = system.configuration.trajectory.startDate
        clock = system.clock
    }

    /// The simulation's `Date()`: the trajectory's start date plus the run's time (where the
    /// clock stopped, once the run is over).
    var now: Date {
        startDate.addingTimeInterval(clock.now.seconds)
    }

    /// The running process's scheduler; off any process, one that is unavailable.
    var taskScheduler: AppTaskScheduler {
        system?.application?.appTaskScheduler ?? AppTaskScheduler(backend: nil)
    }

    /// The device's power state, for every process of the run.
    private(set) lazy var processInfo = AppProcessInfo { [weak system] in system?.device.lowPowerMode ?? false }

    /// The running process's center: a new process starts with no observers.
    var notificationCenter: NotificationCenter {
        system?.application?.notificationCenter ?? NotificationCenter()
    }

    func liveUpdates(_ configuration: LocationUpdate.LiveConfiguration) -> LocationUpdate.Updates {
        guard let application = system?.application else { return LocationUpdate.Updates(nil) }
        let sequence = application.liveUpdateSource.liveUpdates(SimLiveConfiguration(configuration))
        return LocationUpdate.Updates { SimLocationUpdateIterator(sequence.makeAsyncIterator()) }
    }
}

/// `LocationUpdate.Updates`' iteration of a ``SimLiveUpdateSequence``: its values in Apple's
/// shape; the sequence's lease goes with it, so leaving the loop stops the updates.
private final class SimLocationUpdateIterator: LocationUpdateIterating {
    private var base: SimLiveUpdateSequence.AsyncIterator

    init(_ base: SimLiveUpdateSequence.AsyncIterator) {
        self.base = base
    }

    func next(isolation actor: isolated (any Actor)?) async -> LocationUpdate? {
        await base.next(isolation: actor).map(LocationUpdate.init)
    }
}

extension SimLiveConfiguration {
    /// The simulation's configuration of Apple's.
    init(_ configuration: LocationUpdate.LiveConfiguration) {
        switch configuration {
        case .default: self = .default
        case .automotiveNavigation: self = .automotiveNavigation
        case .otherNavigation: self = .otherNavigation
        case .fitness: self = .fitness
        case .airborne: self = .airborne
        }
    }
}

extension LocationUpdate {
    /// `value` in Apple's shape: its fix and its diagnostics' Booleans.
    init(_ value: SimLocationUpdateValue) {
        self.init(
            location: value.location.map(LocationUpdate.Location.init), isStationary: value.isStationary,
            accuracyLimited: value.accuracyLimited, authorizationDenied: value.authorizationDenied,
            authorizationDeniedGlobally: value.authorizationDeniedGlobally,
            authorizationRequestInProgress: value.authorizationRequestInProgress,
            authorizationRestricted: value.authorizationRestricted, insufficientlyInUse: value.insufficientlyInUse,
            locationUnavailable: value.locationUnavailable, serviceSessionRequired: value.serviceSessionRequired)
    }
}

extension LocationUpdate.Location {
    /// `fix` in Apple's shape.
    init(_ fix: SimLocation) {
        self.init(
            coordinate: LocationCoordinate2D(fix.coordinate), altitude: fix.altitude, horizontalAccuracy: fix.horizontalAccuracy,
            verticalAccuracy: fix.verticalAccuracy, speed: fix.speed, course: fix.course, timestamp: fix.timestamp)
    }
}

/// `AppTaskScheduler`'s calls, handed to a process's ``SimBGTaskScheduler``: Apple's request
/// classes become the simulation's, its tasks Apple's.
@MainActor
final class SimAppTaskSchedulerBackend: SimulatedTaskScheduling {
    // Strong: app code may keep `AppTaskScheduler.shared` past its process (the scheduler then does nothing).
    private let scheduler: SimBGTaskScheduler

    init(_ scheduler: SimBGTaskScheduler) {
        self.scheduler = scheduler
    }

    func register(_ identifier: String, launchHandler: @escaping (AppTask) -> Void) -> Bool {
        scheduler.register(forTaskWithIdentifier: identifier, using: nil) { task in
            switch task.kind {
            case .appRefresh, .backgroundFetch: launchHandler(AppRefreshTask(task))
            case .processing, .continuedProcessing: launchHandler(ProcessingTask(task))
            }
        }
    }

    func submit(_ request: AppTaskRequest) throws(AppTaskScheduler.Error) {
        let submitted: SimBGTaskRequest
        switch request.kind {
        case .appRefresh:
            submitted = SimBGAppRefreshTaskRequest(identifier: request.identifier)
        case .processing:
            let processing = SimBGProcessingTaskRequest(identifier: request.identifier)
            if let request = request as? ProcessingTaskRequest {
                processing.requiresExternalPower = request.requiresExternalPower
                processing.requiresNetworkConnectivity = request.requiresNetworkConnectivity
            }
            submitted = processing
        }
        submitted.earliestBeginDate = request.earliestBeginDate
        try scheduler.submit(submitted)
    }

    func cancel(_ identifier: String) {
        scheduler.cancel(taskRequestWithIdentifier: identifier)
    }

    func cancelAll() {
        scheduler.cancelAllTaskRequests()
    }
}
#endif
