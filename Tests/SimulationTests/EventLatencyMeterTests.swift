@testable import Simulation
import Testing
import TestSupport

/// The meter of geofence and visit goals (spec §4): an event is late once both its latency and
/// its travel have passed since iOS counted it; late ones and lost ones are gaps.
@MainActor @Suite struct EventLatencyMeterTests {
    private let region = SimRegionRecord(identifier: "home", latitude: 47, longitude: 8, radius: 100)

    private func meter(speed: Double, goal: EventLatencyGoal = EventLatencyGoal()) -> EventLatencyMeter {
        EventLatencyMeter(goal: .regions(goal), latency: goal, trajectory: drive(seconds: 3000, speed: speed, stops: [1000...3000]),
                          signal: RegionMonitoring.latencySignal)
    }

    private func event(_ time: Double, _ detail: SimEventDetail, _ state: SimAppState = .background) -> SimEvent {
        SimEvent(time: time, kind: .appLog, detail: detail, state: state)
    }

    private func crossing(at time: Double, counted: Double) -> SimEvent {
        event(time, .regions(.crossing(region, entered: false, crossedAt: counted - 20, qualifiedAt: counted)))
    }

    /// Driving at 20 m/s, 1 km is behind after 50 s: late only once 5 min have passed too.
    @Test func aDriveIsLateOnlyAfterTheLatency() {
        let onTime = meter(speed: 20)
        onTime.receive(event(0, .regions(.start(region))))
        onTime.receive(crossing(at: 340, counted: 100))  // 4 min after: 4.8 km on, in time
        #expect(onTime.coverage(until: 3000).met)
        #expect(onTime.coverage(until: 3000).eventCount == 1)

        let late = meter(speed: 20)
        late.receive(event(300, .stateChange(from: .background, to: .suspended, cause: .nothingHoldsApp), .suspended))
        late.receive(event(460, .stateChange(from: .suspended, to: .background, cause: .systemWake(.regions(.exit)))))
        late.receive(crossing(at: 460, counted: 100))
        let coverage = late.coverage(until: 3000)
        #expect(!coverage.met)
        #expect(coverage.fraction == 0)
        let gap = coverage.gaps.first
        #expect(coverage.gaps.count == 1)
        #expect(gap?.from == 400)
        #expect(gap?.to == 460)
        #expect(gap?.seconds == 60)
        #expect(gap.map { Int($0.metres.rounded()) } == 1202)  // 60 s at the track's 20.04 m/s
        #expect(gap?.causes == [])  // iOS's own latency: the app was woken for it
        #expect(gap?.closedBy == .systemWake(.regions(.exit)))
        #expect(gap?.closed == true)
    }

    /// Standing still after 1000 s: an event told 20 min late is not late, the user has not moved.
    @Test func aUserWhoHasNotMovedIsStillInTime() {
        let still = meter(speed: 10)
        still.receive(event(0, .regions(.start(region))))
        still.receive(crossing(at: 2300, counted: 1100))
        #expect(still.coverage(until: 3000).met)
    }

    /// A lost event is missed from the latency's end, whatever the travel, to the end; a newer
    /// one of the same region and direction closes the older's gap as never delivered.
    @Test func lostEventsAreGapsUntilReplacedOrTheEnd() {
        let meter = meter(speed: 10)
        meter.receive(event(1100, .regions(.lost(region, entered: false, crossedAt: 980, qualifiedAt: 1000, cause: .forceQuit)), .terminated))
        meter.receive(event(2500, .regions(.lost(region, entered: false, crossedAt: 2380, qualifiedAt: 2400, cause: .forceQuit)), .terminated))
        let coverage = meter.coverage(until: 3000)
        #expect(coverage.eventCount == 2)
        #expect(coverage.gaps == [
            SimGap(from: 1300, to: 2500, seconds: 1200, metres: 0, causes: [.forceQuit], closedBy: nil, closed: false),
            SimGap(from: 2700, to: 3000, seconds: 300, metres: 0, causes: [.forceQuit], closedBy: nil, closed: false),
        ])
        #expect(coverage.uncoveredSeconds == 1500)
    }

    /// An app that never watched a region does not meet its geofence goal for want of crossings.
    @Test func aGoalWhoseAppNeverWatchedIsMissed() {
        let never = meter(speed: 10)
        #expect(!never.coverage(until: 3000).met)
        #expect(never.coverage(until: 3000).fraction == 0)
        #expect(never.coverage(until: 3000).eventCount == 0)

        let watching = meter(speed: 10)
        watching.receive(event(0, .regions(.start(region))))
        #expect(watching.coverage(until: 3000).met)
        #expect(watching.coverage(until: 3000).fraction == 1)
    }
}
