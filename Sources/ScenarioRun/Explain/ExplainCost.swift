import ScenarioInput
import Simulation

/// What a change costs the user, measured on its replay (issue 18 B): minutes of location
/// hardware on at each accuracy, wakes and launches, time running in the background, the blue
/// indicator, a new consent prompt, and an energy figure relative to GPS on at best for the
/// whole trip (a fixed yardstick: the app as it is may have been killed in a minute).
public struct ExplainCost: Hashable, Sendable {
    /// Seconds standard updates ran (started, not paused or stopped) while the app ran, by accuracy.
    public var locationSeconds: [SimAccuracy: Double] = [:]
    /// How many times iOS woke or relaunched the app in the background.
    public var wakes = 0
    /// Seconds the app ran in the background (its CPU, as far as the model knows it).
    public var backgroundSeconds = 0.0
    /// Seconds a When In Use app used location in the background: iOS shows the blue indicator (iOS 11+).
    public var indicatorSeconds = 0.0
    /// Whether the change asks the user for a new consent (Always).
    public var newPrompt = false
    /// The run's length in seconds, the yardstick's.
    public var tripSeconds = 0.0

    public init(locationSeconds: [SimAccuracy: Double] = [:], wakes: Int = 0, backgroundSeconds: Double = 0,
                indicatorSeconds: Double = 0, newPrompt: Bool = false, tripSeconds: Double = 0) {
        self.locationSeconds = locationSeconds
        self.wakes = wakes
        self.backgroundSeconds = backgroundSeconds
        self.indicatorSeconds = indicatorSeconds
        self.newPrompt = newPrompt
        self.tripSeconds = tripSeconds
    }

    /// The energy figure as a fraction of standard updates at best for the whole trip: 1 is an
    /// app that kept GPS on throughout and did nothing else.
    public func relativeEnergy(_ weights: EnergyWeights = .standard) -> Double {
        tripSeconds > 0 ? energy(weights) / (tripSeconds * weights.best) : 0
    }

    /// The energy figure of ``EnergyWeights``: comparable between runs of one trip, not mAh.
    public func energy(_ weights: EnergyWeights = .standard) -> Double {
        locationSeconds.reduce(0) { $0 + $1.value * weights.location($1.key) }
            + Double(wakes) * weights.wakeSeconds * weights.backgroundCPU + backgroundSeconds * weights.backgroundCPU
    }
}

/// The relative power draws of the energy figure. Apple gives their order, not their size: the
/// finer the accuracy, the more hardware Core Location powers up (GPS for best and 10 m, Wi-Fi
/// and cell for coarser), a process woken keeps the CPU up, and the significant-change service
/// is cell-based and cheap (Energy Efficiency Guide for iOS Apps, "Reduce Location Accuracy and
/// Duration"; WWDC 2015 session 707). The sizes are [model] parameters, in GPS-seconds. [model]
public struct EnergyWeights: Hashable, Sendable {
    /// Per second of standard updates at each accuracy (best for navigation adds sensors).
    public var bestForNavigation = 1.1
    public var best = 1.0
    public var nearestTenMeters = 0.9
    public var hundredMeters = 0.4
    public var kilometer = 0.15
    public var threeKilometers = 0.1
    /// Per second the app runs in the background, for its CPU.
    public var backgroundCPU = 0.1
    /// Seconds of CPU a wake or relaunch costs beyond the time it runs (launch work).
    public var wakeSeconds = 2.0

    /// The defaults above.
    public static let standard = EnergyWeights()

    func location(_ accuracy: SimAccuracy) -> Double {
        switch accuracy {
        case .bestForNavigation: bestForNavigation
        case .best: best
        case .nearestTenMeters: nearestTenMeters
        case .hundredMeters, .reduced: hundredMeters
        case .kilometer: kilometer
        case .threeKilometers: threeKilometers
        }
    }
}

/// Measures an ``ExplainCost`` from a run's events, in flat memory.
@MainActor
final class ExplainCostMeter: SimEventSink {
    /// The cost so far: what was recorded, with the running updates' seconds.
    var cost: ExplainCost {
        var cost = recorded
        if let running { cost.locationSeconds[running.accuracy] = running.seconds }
        return cost
    }
    private var recorded = ExplainCost()
    /// The seconds of the accuracy the updates run at, summed outside the dictionary with the
    /// same additions in the same order: a look-up at every event cost about 650 instructions
    /// (issue 33).
    private var running: (accuracy: SimAccuracy, seconds: Double)?
    private var state = SimAppState.notRunning
    private var stateSince = 0.0
    /// The accuracy of the standard updates while they run; `nil` while they do not.
    private var updates: SimAccuracy?
    private var whenInUse = false

    init(newPrompt: Bool) {
        recorded.newPrompt = newPrompt
    }

    func receive(_ event: SimEvent) {
        charge(until: event.time)
        switch event.detail {
        case .stateChange(_, let to, let cause):
            state = to
            if case .systemWake = cause { recorded.wakes += 1 }
            if case .systemLaunch = cause { recorded.wakes += 1 }
        case .locationStart(.standardUpdates, let accuracy, _, _):
            updates = accuracy ?? .best
        case .locationStop(.standardUpdates, _), .locationPause, .launch:
            updates = nil
        case .authorizationChange(_, let to, _, _):
            whenInUse = to == .authorizedWhenInUse
        default:
            break
        }
    }

    /// The run ended at `end`: the time since the last event is charged.
    func close(at end: Double) {
        charge(until: end)
        recorded.tripSeconds = end
    }

    /// Charges the time since the last event to the state and updates that held over it.
    private func charge(until time: Double) {
        let span = time - stateSince
        if span > 0 {
            if state.isRunning, let updates {
                if running?.accuracy != updates {
                    if let running { recorded.locationSeconds[running.accuracy] = running.seconds }
                    running = (updates, recorded.locationSeconds[updates] ?? 0)
                }
                running?.seconds += span
            }
            if state == .background {
                recorded.backgroundSeconds += span
                if updates != nil, whenInUse { recorded.indicatorSeconds += span }
            }
            stateSince = time
        }
    }
}
