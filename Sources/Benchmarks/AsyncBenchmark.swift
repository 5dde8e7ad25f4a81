import ArgumentParser
import Foundation
import Geodesy
import Simulation

/// A day's trip heard through `for await` in an app task, against the same trip heard by the
/// delegate in a synchronous run (issue 20 §1).
struct AsyncBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "async",
        abstract: "A 24-hour trip at 1 Hz consumed with `for await` under runAsync() vs the delegate under run(), and the floor.",
        discussion: """
            Both apps start standard updates and go to the background after a minute; one records \
            every fix in its delegate callback under `run()`, the other in a `for await` loop over \
            `manager.updates` inside `application.task` under `runAsync()`. Each records the fix's \
            time and coordinate and the virtual time at which it handled it. The floor (issue 35, \
            item 4) hands as many values to a `for await` loop on the main actor through a \
            hand-written one-slot sequence, its jobs run as `runAsync()` runs them, with no \
            simulation. The three are measured side by side in one run, CPU time (user + system) \
            of this process, best of --repeat each. Goals: the hand-off — what the `for await` run \
            costs a value beyond the delegate run — within 1.5× the floor's value; the `for await` \
            run within 2× the delegate run; the same values in the same order.

            With --instructions each is also counted under valgrind's callgrind, a process each, \
            at --seconds and at an eighth of it: a value's instructions are the difference over \
            the difference in values (start-up and the first minute cancel out), the same however \
            loaded the machine is. Needs valgrind; takes a few minutes for a day.
            """
    )

    @Option(help: "Seconds of trip.")
    var seconds = 86_400

    @Option(help: "Runs of each measurement; the fastest counts.")
    var `repeat` = 3

    @Flag(help: "Also count instructions a value under valgrind's callgrind.")
    var instructions = false

    /// One measurement alone, once: what --instructions runs under callgrind.
    enum Part: String, ExpressibleByArgument, CaseIterable {
        case delegate, forAwait = "await", floor
    }

    @Option(help: .hidden)
    var part: Part?

    @Flag(help: .hidden)
    var keepsEvents = false

    func validate() throws {
        guard (1...366 * 86_400).contains(seconds), (1...1_000).contains(`repeat`) else {
            throw ValidationError("--seconds must be 1…31622400 and --repeat 1…1000")
        }
        // The short run is an eighth of the long one: it must hand fewer values.
        guard !instructions || seconds >= 16 else { throw ValidationError("--instructions needs --seconds 16 or more") }
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

    /// The trip, its configuration and the fixes it yields.
    struct Trip {
        let configuration: SimulationConfiguration
        let values: Int

        init(seconds: Int) {
            let trajectory = SimulationBenchmark.day(seconds: seconds)
            configuration = SimulationConfiguration(
                trajectory: trajectory, initialAuthorization: .authorizedAlways,
                timeline: [SimScenarioEvent(at: 60, .enterBackground)])
            values = trajectory.sampleCount
        }
    }

    /// What the floor hands the loop each time: one fix, as the manager's updates yield them.
    static let floorValue = SimLocationUpdate.locations([SimLocation(
        coordinate: GeoCoordinate(latitude: 47.37, longitude: 8.54), altitude: 410, horizontalAccuracy: 5, verticalAccuracy: 3,
        speed: 12, course: 90, time: .zero, timestamp: Date(timeIntervalSince1970: 0))])

    @MainActor
    func runDelegate(_ trip: Trip, keepsEvents: Bool) -> [Heard] {
        let app = Recorder(viaAwait: false, capacity: trip.values)
        KeepAliveSimulation(trip.configuration, app: app, keepsEvents: keepsEvents).run()
        return app.heard
    }

    @MainActor
    func runForAwait(_ trip: Trip, keepsEvents: Bool) async -> (heard: [Heard], restless: [SimRestlessTask]) {
        let app = Recorder(viaAwait: true, capacity: trip.values)
        let result = await KeepAliveSimulation(trip.configuration, app: app, keepsEvents: keepsEvents).runAsync()
        return (app.heard, result.restlessTasks)
    }

    @MainActor
    func run() async throws {
        if let part { return try await runAlone(part) }
        let trip = Trip(seconds: seconds)
        print("trip: \(seconds) s at 1 Hz, \(trip.values) samples, background after 60 s; CPU s, best of \(`repeat`), side by side")
        var failed = false
        // Without the event log the synchronous run is bare; with it (the library's default) it
        // does what a test that reads `result.events` pays for.
        for keepsEvents in [false, true] {
            var syncBest = Double.infinity, asyncBest = Double.infinity, floorBest = Double.infinity
            var syncHeard: [Heard] = [], asyncHeard: [Heard] = []
            var restless: [SimRestlessTask] = []
            var floorCount: Int? = 0
            for _ in 0..<`repeat` {
                var start = CSVBenchmark.cpuSeconds()
                syncHeard = runDelegate(trip, keepsEvents: keepsEvents)
                syncBest = min(syncBest, CSVBenchmark.cpuSeconds() - start)
                start = CSVBenchmark.cpuSeconds()
                let heard = await runForAwait(trip, keepsEvents: keepsEvents)
                asyncBest = min(asyncBest, CSVBenchmark.cpuSeconds() - start)
                (asyncHeard, restless) = (heard.heard, restless + heard.restless)
                start = CSVBenchmark.cpuSeconds()
                floorCount = await AsyncFloor.run(values: trip.values, value: Self.floorValue)
                floorBest = min(floorBest, CSVBenchmark.cpuSeconds() - start)
            }
            let onTime = asyncHeard.allSatisfy { $0.handledAt == $0.time }
            let same = asyncHeard == syncHeard
            func perValue(_ seconds: Double) -> String { format(seconds / Double(trip.values) * 1e6, 2) + " µs a value" }
            print(keepsEvents ? "events kept (keepsEvents: true, the default)" : "no event log (keepsEvents: false)")
            print("  (a) delegate, run()                    \(format(syncBest, 3)) s  \(perValue(syncBest))  \(syncHeard.count) fixes")
            print("  (b) for await in app task, runAsync()  \(format(asyncBest, 3)) s  \(perValue(asyncBest))  \(asyncHeard.count) fixes")
            if let floorCount {
                print("  (c) floor: one-slot sequence, no sim   \(format(floorBest, 3)) s  \(perValue(floorBest))  \(floorCount) values")
                print("  hand-off ÷ floor, a value, (b − a) ÷ (c): \(ChildRun.verdict((asyncBest - syncBest) / floorBest, atMost: 1.5)) in CPU")
                print("  whole run ÷ floor, a value, (b) ÷ (c): \(ChildRun.format(asyncBest / floorBest, 2)) (the simulation's own work included)")
                failed = failed || floorCount != trip.values
            } else {
                print("  (c) floor: not measured (the run holds the main actor's jobs only on Linux with Swift 6.3)")
            }
            print("  for await ÷ delegate: \(ChildRun.verdict(asyncBest / syncBest, atMost: 2)) in CPU")
            print("  same values in the same order: \(same ? "yes" : "NO"); every fix handled at its own instant: \(onTime ? "yes" : "NO"); restless tasks: \(restless.count)")
            failed = failed || !same || !onTime || !restless.isEmpty
        }
        if instructions { try countInstructions(trip) }
        if failed { throw ExitCode.failure }
    }

    /// --part: one measurement, once, checked; what callgrind counts.
    @MainActor
    func runAlone(_ part: Part) async throws {
        guard part != .floor else {
            // No trip made: the floor's instructions are the hand-off's alone.
            let values = seconds + 1
            let count = await AsyncFloor.run(values: values, value: Self.floorValue)
            guard count == values else { throw ValidationError("floor: \(count ?? -1) values of \(values)") }
            return
        }
        let trip = Trip(seconds: seconds)
        switch part {
        case .delegate:
            let heard = runDelegate(trip, keepsEvents: keepsEvents)
            guard heard.count == trip.values else { throw ValidationError("delegate: \(heard.count) fixes of \(trip.values)") }
        case .forAwait:
            let (heard, restless) = await runForAwait(trip, keepsEvents: keepsEvents)
            guard heard.count == trip.values, heard.allSatisfy({ $0.handledAt == $0.time }), restless.isEmpty else {
                throw ValidationError("for await: \(heard.count) fixes of \(trip.values), \(restless.count) restless, or not each at its own instant")
            }
        case .floor:
            break
        }
    }

    /// Instructions a value of each part, without the event log: the difference between a run
    /// of --seconds and one of an eighth of it, over the difference in values.
    func countInstructions(_ full: Trip) throws {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-bench-async-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // valgrind cannot read a static build's debug information: it counts copies without it.
        let bench = try ProcessTiming.withoutDebugInformation(here.path, in: directory)
        let shortSeconds = max(1, seconds / 8)
        let short = Trip(seconds: shortSeconds)
        print("instructions a value under callgrind, no event log: (run of \(seconds) s − run of \(shortSeconds) s) ÷ \(full.values - short.values) values")
        var perValue: [Part: Double] = [:]
        for part in Part.allCases {
            func count(_ seconds: Int) throws -> Int {
                try ProcessTiming.instructions([bench, "async", "--part", part.rawValue, "--seconds", String(seconds), "--repeat", "1"])
            }
            let (long, brief) = (try count(seconds), try count(shortSeconds))
            perValue[part] = Double(long - brief) / Double(full.values - short.values)
        }
        let delegate = perValue[.delegate] ?? .nan, forAwait = perValue[.forAwait] ?? .nan, floor = perValue[.floor] ?? .nan
        print("  (a) delegate, run()                    \(format(delegate / 1_000, 2)) k a value")
        print("  (b) for await in app task, runAsync()  \(format(forAwait / 1_000, 2)) k a value")
        print("  (c) floor: one-slot sequence, no sim   \(format(floor / 1_000, 2)) k a value")
        print("  hand-off ÷ floor, a value, (b − a) ÷ (c): \(ChildRun.verdict((forAwait - delegate) / floor, atMost: 1.5)) in instructions")
        print("  whole run ÷ floor, a value, (b) ÷ (c): \(ChildRun.format(forAwait / floor, 2)) (the simulation's own work included)")
        print("  for await ÷ delegate: \(ChildRun.verdict(forAwait / delegate, atMost: 2)) in instructions")
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value)
    }
}
