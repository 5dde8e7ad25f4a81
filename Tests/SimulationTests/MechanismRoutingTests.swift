import Foundation
@testable import Simulation
import Testing

/// The simulation's routing by exhaustive switches (issue 32): an event's kind follows from its
/// detail, and each mechanism answers the shared enums' questions in its folder with the values
/// the run used before the routing moved there.
@Suite struct MechanismRoutingTests {
    private func event(_ detail: SimEventDetail) -> SimEvent { SimEvent(time: 1, detail: detail, state: .background) }

    /// The facts that had no detail of their own keep their JSON Lines names.
    @Test func theCoreFactsOnceWithoutDetailKeepTheirKinds() {
        #expect(event(.deviceLocked).kind.rawValue == "device.lock")
        #expect(event(.deviceUnlocked).kind.rawValue == "device.unlock")
        #expect(event(.fixUnavailable).kind.rawValue == "fix.unavailable")
    }

    /// A fix's reason says whether it was delivered, filtered or queued.
    @Test(arguments: [
        (SimFixRecord.Reason?.none, "fix.delivered"), (.requested, "fix.delivered"), (.significantChange, "fix.delivered"),
        (.underDistanceFilter, "fix.filtered"), (.appNotRunning, "fix.filtered"),
        (.appSuspended, "fix.queued"), (.backgroundUpdatesNotAllowed, "fix.queued"),
    ])
    func aFixKindFollowsItsReason(reason: SimFixRecord.Reason?, kind: String) {
        #expect(event(.fix(SimFixRecord(latitude: 47, longitude: 8, reason: reason))).kind.rawValue == kind)
    }

    /// A mechanism's kind is its own raw value: BGTask's `submit` covers a rescheduled request,
    /// a region crossing is an entry or an exit, audio has one kind for all.
    @Test func aMechanismEventNamesItsKind() {
        let record = SimBGTaskRecord(identifier: "refresh", kind: .appRefresh)
        #expect(event(.bgTasks(.rescheduled(record, launchAt: 60))).kind == .bgTasks(.submit))
        #expect(event(.bgTasks(.rescheduled(record, launchAt: 60))).kind.rawValue == "bgtask.submit")
        let region = SimRegionRecord(identifier: "home", latitude: 47, longitude: 8, radius: 100)
        #expect(event(.regions(.crossing(region, entered: false, crossedAt: 1, qualifiedAt: 2))).kind.rawValue == "region.exit")
        #expect(event(.audio(.sessionActivated)).kind.rawValue == "audio")
        #expect(event(.timers(.onTime(count: 3))).kind.rawValue == "timer.on-time")
    }

    /// The coded form keeps the keys it had when the kind was stored: time, kind, detail, state,
    /// remaining (left out when nil), process.
    @Test func theCodedFormKeepsItsKeys() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let locked = SimEvent(time: 2.5, detail: .deviceLocked, state: .background, remaining: 25.5, process: 1)
        let json = try #require(String(data: try encoder.encode(locked), encoding: .utf8))
        #expect(json == #"{"detail":{"deviceLocked":{}},"kind":{"deviceLock":{}},"process":1,"remaining":25.5,"state":"background","time":2.5}"#)
        #expect(try JSONDecoder().decode(SimEvent.self, from: Data(json.utf8)) == locked)
        let unlimited = SimEvent(time: 3, detail: .appLog("hi"), state: .active)
        #expect(try JSONDecoder().decode(SimEvent.self, from: encoder.encode(unlimited)) == unlimited)
    }

    /// An event stored when these facts had the detail `none` decodes to their own detail.
    @Test func anEventStoredWithNoDetailStillDecodes() throws {
        let stored = #"{"time":100,"kind":{"fixUnavailable":{}},"detail":{"none":{}},"state":"background","process":1}"#
        let decoded = try JSONDecoder().decode(SimEvent.self, from: Data(stored.utf8))
        #expect(decoded == SimEvent(time: 100, detail: .fixUnavailable, state: .background, process: 1))
        let unknown = #"{"time":1,"kind":{"appLog":{}},"detail":{"none":{}},"state":"background","process":1}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SimEvent.self, from: Data(unknown.utf8)) }
    }

    /// The summary keeps the run's own warnings and silent audio's App Review warning; a
    /// mechanism's other warnings are lines of the log.
    @Test(arguments: [
        (SimWarning.neverInBackground, true), (.infoPlist(.modeDeclaredButUnused(.audio)), true), (.audio(.silentKeepAlive), true),
        (.noSuchBackgroundTask(id: 3), false), (.transfers(.completionHandlerNotCalled(session: "s")), false),
        (.bgTasks(.notPending(identifier: "refresh")), false),
    ])
    func aWarningIsAboutTheRunOrAMoment(warning: SimWarning, aboutTheRun: Bool) {
        #expect(warning.isAboutTheRun == aboutTheRun)
    }

    /// Each mechanism's exit: a BGTask not completed in time is an assertion timeout; the
    /// exceptions of BGTaskScheduler and CLMonitor and the VoIP kill are abnormal exits; audio's
    /// and live updates' causes end no process; a restart counts none.
    @Test(arguments: [
        (SimCause.bgTasks(.assertionTimeout(SimBGTaskRecord(identifier: "r", kind: .appRefresh), seconds: 30)),
         SimExitCategory?.some(.backgroundTaskAssertionTimeout)),
        (.crash(.bgTasks(.registeredTwice(identifier: "r"))), .abnormalExit),
        (.crash(.monitor(.openedTwice(name: "m"))), .abnormalExit),
        (.crash(.pushes(.voipWithoutCall)), .abnormalExit),
        (.resources(.footprintLimit(footprintMB: 900, limitMB: 850)), .memoryResourceLimit),
        (.audio(.paused), nil), (.liveUpdates(.noSession), nil), (.device(.deviceRestart), nil),
    ])
    func aMechanismCauseNamesItsExit(cause: SimCause, category: SimExitCategory?) {
        #expect(SimExitCategory(cause) == category)
    }

    /// Regions, visits, live updates and CLMonitor launch with the location key; of them,
    /// regions and CLMonitor (with significant changes) relaunched unreliably on 15.0–15.2 (§16).
    @Test(arguments: [
        (SimWakeReason.significantLocationChange, true, true), (.regions(.entry), true, true), (.monitor(.event), true, true),
        (.visits(.visit), true, false), (.liveUpdates(.updatesAvailable), true, false),
        (.bgTasks(.appRefresh), false, false), (.transfers(.sessionEvents), false, false), (.pushes(.voip), false, false),
    ])
    func aWakeReasonAnswersFromItsMechanism(reason: SimWakeReason, location: Bool, unreliable: Bool) {
        #expect(reason.isLocationEvent == location)
        #expect(reason.relaunchMayBeUnreliable == unreliable)
    }
}
