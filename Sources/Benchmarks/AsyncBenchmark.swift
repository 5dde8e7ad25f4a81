import ArgumentParser
import Foundation
import Simulation

/// A day's trip heard through `for await` in an app task, against the same trip heard by the
/// delegate in a synchronous run (issue 20 §1).
struct AsyncBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "async",
        abstract: "A 24-hour trip at 1 Hz consumed with `for await` under runAsync() vs the delegate under run().",
        discussion: """
            Both apps start standard updates and go to the background after a minute; one records \
            every fix in its delegate callback under `run()`, the other in a `for await` loop over \
            `manager.updates` inside `application.task` under `runAsync()`. Each records the fix's \
            time and coordinate and the virtual time at which it handled it. Best of --repeat runs \
            each; goal: the async run within 2× the synchronous one, with the same values in the \
            same order.
            """
    )

    @Option(help: "Seconds of trip.")
    var seconds = 86_400

    @Option(help: "Runs of each measurement; the fastest counts.")
    var `repeat` = 3

    func validate() throws {
        guard (1...366 * 86_400).contains(seconds), (1...1_000).contains(`repeat`) else {
            throw ValidationError("--seconds must be 1…31622400 and --repeat 1…1000")
        }
    }

    /// One fix as the app handled it.
    struct Heard: Equatable {
        let handledAt: Double
        let time: Double
        let latitude: Double
        let longitude: Double
    }

    /// Starts updates; hears fixes by its delegate, or by `for await` in an app task.
    final class Recorder: SimAppDelegate, SimLocationManagerDelegate {
        let viaAwait: Bool
        var heard: [Heard] = []
        var manager: SimLocationManager?
        var clock: SimClock?

        init(viaAwait: Bool, capacity: Int) {
            self.viaAwait = viaAwait
            heard.reserveCapacity(capacity)
        }

        func record(_ fixes: [SimLocation]) {
            let now = clock?.now.seconds ?? -1
            for fix in fixes {
                heard.append(Heard(handledAt: now, time: fix.time.seconds, latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude))
            }
        }

        func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
            clock = application.clock
            let manager = application.makeLocationManager()
            self.manager = manager
            manager.allowsBackgroundLocationUpdates = true
            manager.pausesLocationUpdatesAutomatically = false
            if viaAwait {
                application.task(name: "recorder") { [self] in
                    // The sequence hears what comes after it is made: make it, then start.
                    let updates = manager.updates
                    manager.startUpdatingLocation()
                    for await update in updates {
                        if case .locations(let fixes) = update { record(fixes) }
                    }
                }
            } else {
                manager.delegate = self
                manager.startUpdatingLocation()
            }
        }

        func locationManager(_ manager: SimLocationManager, didUpdateLocations locations: [SimLocation]) {
            record(locations)
        }
    }

    @MainActor
    func run() async throws {
        let trajectory = SimulationBenchmark.day(seconds: seconds)
        let configuration = SimulationConfiguration(
            trajectory: trajectory, initialAuthorization: .authorizedAlways,
            timeline: [SimScenarioEvent(at: 60, .enterBackground)])
        print("trip: \(seconds) s at 1 Hz, \(trajectory.sampleCount) samples, background after 60 s; best of \(`repeat`)")
        var failed = false
        // Without the event log the synchronous run is bare; with it (the library's default) it
        // does what a test that reads `result.events` pays for.
        for keepsEvents in [false, true] {
            let clock = ContinuousClock()
            var syncBest = Double.infinity, asyncBest = Double.infinity
            var syncHeard: [Heard] = [], asyncHeard: [Heard] = []
            var restless: [SimRestlessTask] = []
            for _ in 0..<`repeat` {
                let app = Recorder(viaAwait: false, capacity: seconds + 1)
                let elapsed = clock.measure { KeepAliveSimulation(configuration, app: app, keepsEvents: keepsEvents).run() }
                syncBest = min(syncBest, Self.seconds(elapsed))
                syncHeard = app.heard
            }
            for _ in 0..<`repeat` {
                let app = Recorder(viaAwait: true, capacity: seconds + 1)
                let start = clock.now
                let result = await KeepAliveSimulation(configuration, app: app, keepsEvents: keepsEvents).runAsync()
                asyncBest = min(asyncBest, Self.seconds(start.duration(to: clock.now)))
                restless += result.restlessTasks
                asyncHeard = app.heard
            }
            let ratio = asyncBest / syncBest
            let onTime = asyncHeard.allSatisfy { $0.handledAt == $0.time }
            let same = asyncHeard == syncHeard
            print(keepsEvents ? "events kept (keepsEvents: true, the default)" : "no event log (keepsEvents: false)")
            print("  (a) delegate, run()                    \(format(syncBest, 3)) s  \(syncHeard.count) fixes")
            print("  (b) for await in app task, runAsync()  \(format(asyncBest, 3)) s  \(asyncHeard.count) fixes  (\(format((asyncBest - syncBest) / Double(max(1, asyncHeard.count)) * 1e6, 1)) µs more a fix)")
            print("  ratio (b)/(a): \(format(ratio, 2))× (goal ≤ 2×: \(ratio <= 2 ? "met" : "missed"))")
            print("  same values in the same order: \(same ? "yes" : "NO"); every fix handled at its own instant: \(onTime ? "yes" : "NO"); restless tasks: \(restless.count)")
            failed = failed || !same || !onTime || !restless.isEmpty
        }
        if failed { throw ExitCode.failure }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value)
    }
}
