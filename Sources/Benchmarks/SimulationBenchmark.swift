import ArgumentParser
import Foundation
import Geodesy
import Scripting
import Simulation

/// A day's trip simulated end to end, against the bare trajectory lookups it is made of.
struct SimulationBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sim",
        abstract: "Simulate a 24-hour trip at 1 Hz (86,400 fixes) and report fixes per second.",
        discussion: """
            Builds a synthetic day-long drive (one sample a second, with stops), then measures, \
            best of --repeat runs in this process: (a) the baseline, looking up the true position \
            at every second, which any replay must do; (b) the whole simulation: the standard \
            navigation app launched, authorized, in the background after a minute, a 20 m \
            distance filter, every fix made, filtered, delivered and logged. Target: the day in \
            under 0.1 s.
            """
    )

    @Option(help: "Seconds of trip.")
    var seconds = 86_400

    @Option(help: "Runs of each measurement; the fastest counts.")
    var `repeat` = 5

    func validate() throws {
        guard (1...366 * 86_400).contains(seconds), (1...1_000).contains(`repeat`) else {
            throw ValidationError("--seconds must be 1…31622400 and --repeat 1…1000")
        }
    }

    /// The simulation is main-actor isolated: argument-parser runs an async command's `run` on
    /// the actor it names (under the async root a synchronous `run` is not on the main actor).
    @MainActor
    func run() async throws {
        measure()
    }

    @MainActor
    private func measure() {
        let trajectory = Self.day(seconds: seconds)
        var checksum = 0.0
        let lookups = best {
            for second in 0...seconds { checksum += trajectory.position(at: Double(second))?.coordinate.latitude ?? 0 }
        }
        var delivered = 0
        var events = 0
        let simulation = best {
            var settings = StandardNavigationApp.Settings()
            settings.distanceFilter = 20
            settings.keepsReceivedFixes = false
            let configuration = SimulationConfiguration(
                trajectory: trajectory, initialAuthorization: .authorizedAlways,
                timeline: [SimScenarioEvent(at: 60, .enterBackground)])
            let result = KeepAliveSimulation(configuration, app: StandardNavigationApp(settings: settings)).run()
            delivered = result.summary.deliveredUpdates
            events = result.events.count
        }
        if checksum == 0 { print("") }  // keeps the lookups observed
        let fixes = Double(seconds + 1)
        print("trip: \(seconds) s at 1 Hz, \(trajectory.sampleCount) samples")
        print("(a) trajectory lookups only    \(format(lookups * 1000, 1)) ms  \(format(fixes / lookups / 1e6, 2)) M fixes/s")
        print("(b) full simulation            \(format(simulation * 1000, 1)) ms  \(format(fixes / simulation / 1e6, 2)) M fixes/s  (\(delivered) delivered, \(events) events)")
        print("simulated/real time: \(format(Double(seconds) / simulation, 0))×; the day in \(format(simulation, 3)) s (target < 0.1 s)")
    }

    @MainActor
    private func best(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        var fastest = Double.infinity
        for _ in 0..<`repeat` {
            let elapsed = clock.measure(body)
            fastest = min(fastest, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return fastest
    }

    /// Laps of a 5 km loop at city speeds, stopping a minute every ten; a sample every `step` seconds.
    static func day(seconds: Int, step: Int = 1) -> Trajectory {
        var samples: [TrajectorySample] = []
        samples.reserveCapacity(seconds + 1)
        var angle = 0.0
        let radius = 800.0
        for second in stride(from: 0, through: seconds, by: step) {
            let moving = second % 600 >= 60
            if moving { angle += 12 / radius * Double(step) }
            let north = radius * sin(angle), east = radius * cos(angle)
            samples.append(TrajectorySample(
                time: Double(second),
                coordinate: GeoCoordinate(latitude: 47.37 + north / 111_132, longitude: 8.54 + east / 75_500),
                altitude: 410))
        }
        return Trajectory(pieces: [samples])
    }

    func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", locale: Locale(identifier: "en_US_POSIX"), value)
    }
}

/// A year at 1 Hz with no event log kept: the run's memory must not grow with the trip.
struct YearBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sim-year",
        abstract: "Simulate a year-long trip at 1 Hz (31.5 M fixes) keeping no events; print time and peak memory.",
        discussion: """
            The trajectory has a sample a minute (fixes between are interpolated), so that what is \
            measured is the run, not the input: its events stream to a sink that counts them, as \
            `--format json` and `--format jsonl` do. Target: peak memory under 100 MB.
            """
    )

    @Option(help: "Days of trip.")
    var days = 365

    @Option(help: "Hours of trip instead of days (1…24; a tiny run, as CI makes).")
    var hours: Int?

    func validate() throws {
        guard (1...36_500).contains(days) else { throw ValidationError("--days must be 1…36500") }
        if let hours, !(1...24).contains(hours) { throw ValidationError("--hours must be 1…24") }
    }

    @MainActor
    func run() async throws {
        measure()
    }

    @MainActor
    private func measure() {
        let seconds = hours.map { $0 * 3_600 } ?? days * 86_400
        let trajectory = SimulationBenchmark.day(seconds: seconds, step: 60)
        var settings = StandardNavigationApp.Settings()
        settings.distanceFilter = 20
        settings.keepsReceivedFixes = false
        var events = 0
        let counter = SimEventHandler { _ in events += 1 }
        let configuration = SimulationConfiguration(
            trajectory: trajectory, initialAuthorization: .authorizedAlways,
            timeline: [SimScenarioEvent(at: 60, .enterBackground)])
        let clock = ContinuousClock()
        var delivered = 0
        let elapsed = clock.measure {
            let simulation = KeepAliveSimulation(configuration, app: StandardNavigationApp(settings: settings), sinks: [counter], keepsEvents: false)
            delivered = simulation.run().summary.deliveredUpdates
        }
        let secondsTaken = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("trip: \(hours.map { "\($0) hours" } ?? "\(days) days") at 1 Hz (\(seconds + 1) fixes), \(trajectory.sampleCount) samples")
        print("run: \(String(format: "%.2f", secondsTaken)) s, \(delivered) delivered, \(events) events streamed, none kept")
        print("peak memory (VmHWM): \(PeakMemory.megabytes().map { String(format: "%.1f MB", $0) } ?? "unknown") (target < 100 MB)")
    }
}
