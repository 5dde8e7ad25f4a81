import ScenarioInput
import ScenarioRun
import Simulation

/// The picture's system events, lane by lane, from the run's typed events in one pass.
///
/// Top to bottom: what kept the app alive when (a span per hold, coloured by kind); why iOS
/// woke (▲) or relaunched (●) it, and where a mechanism's rule killed it (✕, drawn over a wake of
/// the same pixel, a little to its right); UIKit background tasks (§2: begin, open, expiration, end); live updates and service sessions (§10); regions, visits and
/// `CLMonitor` (§11: when the device crossed a boundary, when the crossing counted, when the app
/// heard of it, or why it was held); BGTasks (§12: submitted, pending, running, expired,
/// completed); audio (§13: playing, interrupted); pushes (§14: delivered, held, dropped). Every
/// mark and span carries the event's timeline line as its tooltip.
///
/// Only lanes with something in them are returned. The "kept alive by" lane is left out when the
/// location session alone held the app and nothing else happened: the budget's green line
/// already says it, and a plain navigation run keeps its picture.
enum SystemEventLanes {
    static func lanes(_ events: [SimEvent], end: Double, x: @escaping (Double) -> Double) -> [PictureLane] {
        let picture = LaneContext(x: x)
        var builders = MechanismLanes(
            backgroundTasks: BackgroundTaskLanes(), liveUpdates: LiveUpdateLanes(), regions: RegionLanes(), bgTasks: BGTaskLanes(),
            transfers: TransferLanes(), audio: AudioLanes(), pushes: PushLanes(), locationPushes: LocationPushLanes(), device: DeviceLanes())
        var held = PictureLane(name: "kept alive by")
        var wakes = PictureLane(name: "wakes")

        func title(_ event: SimEvent) -> String { "\(Formatting.clock(event.time)) \(Prose.message(event))" }
        func range(_ from: Double, _ to: Double, _ title: String) -> String {
            "\(Formatting.clock(from))–\(Formatting.clock(to)): \(title)"
        }

        // Spans open until their end comes: (start, what, tooltip).
        var hold: (start: Double, hold: SimHold, title: String)?
        var onlyTheLocationSession = true

        func closeHold(at time: Double) {
            guard let open = hold else { return }
            held.span(.bar, color(open.hold), Prose.label(open.hold), from: x(open.start), to: x(time), title: range(open.start, time, open.title))
            hold = nil
        }

        for event in events {
            builders.read(event, picture)
            let t = event.time
            // What ends because the app stops being held or stops running.
            if event.state != .background { closeHold(at: t) }

            switch event.detail {
            // What kept the app alive, and why iOS brought it back.
            case .keepAliveStart(let what):
                closeHold(at: t)
                hold = (t, what, Prose.message(event))
                if what.kind != .locationUpdates { onlyTheLocationSession = false }
            case .keepAliveEnd:
                closeHold(at: t)
            case .stateChange(_, .background, .systemWake(let reason)):
                wakes.mark(.up, color(reason), "woken: \(Prose.label(reason))", weight: 2, at: x(t), title: title(event))
            case .launch(_, true, .systemLaunch(let reason)):
                wakes.mark(.dot, color(reason), "relaunched: \(Prose.label(reason))", weight: 3, at: x(t), title: title(event))
            case .stateChange(_, .terminated, let cause) where endedByAMechanism(cause):
                // Drawn over the wake that often shares its pixel (a VoIP push: woken, then killed).
                wakes.markOnTop(.cross, LaneColor.red, "killed", at: x(t), title: title(event))

            default:
                break
            }
        }
        // What is still open runs to the end of the run.
        closeHold(at: end)

        let fromMechanisms = builders.lanes(end: end, picture)
        let mechanisms = ([wakes] + fromMechanisms).filter { !$0.isEmpty }
        let showHolds = !held.isEmpty && (!onlyTheLocationSession || !mechanisms.isEmpty)
        return (showHolds ? [held] : []) + mechanisms
    }

    /// Whether a mechanism's rule ended the app (a VoIP push not reported as a call, a BGTask not
    /// completed in time, …), as opposed to the user, memory pressure or the task watchdog.
    private static func endedByAMechanism(_ cause: SimCause) -> Bool {
        switch cause {
        case .crash(.stackOverflow), .crash(.backgroundLocationWithoutMode): false
        case .crash(.bgTasks), .crash(.pushes), .crash(.monitor): true
        case .bgTasks(let cause): BGTaskLanes.endedTheApp(cause)
        case .audio, .monitor, .liveUpdates, .pushes, .locationPushes, .backgroundTasks, .device, .resources: false
        case .tripStarts, .userOpensApp, .userLeavesApp, .userReturnsToApp, .deviceLocked, .unlockedBackOnScreen, .deviceWoke,
             .launching, .launched, .systemLaunch, .systemWake, .nothingHoldsApp, .deviceAsleep, .backgroundTimeExpired,
             .noDeliveryWithinBudget, .tasksEndedInHandlers, .tasksEndedWithinAllowance, .watchdog, .memoryPressure, .forceQuit,
             .updatesPausedAutomatically, .updatesStopped, .fixesUnderDistanceFilter, .authorization, .usageDescriptionsMissing,
             .backgroundUpdatesOff, .locationModeMissing, .whenInUseStartedInBackground, .hiddenIndicatorRule, .updatesStartedInBackgroundWake,
             .sessionTimeLimit, .settingsChanged, .preciseLocationChanged, .locationServicesSwitched, .userAnswered,
             .userChoseAlways, .userKeptWhenInUse, .allowOnceEnded:
            false
        }
    }

    /// A wake's colour: location's teal, the others' from their lanes.
    private static func color(_ reason: SimWakeReason) -> String {
        switch reason {
        case .significantLocationChange: LaneColor.teal
        case .regions, .visits, .monitor: RegionLanes.wakeColor
        case .liveUpdates: LiveUpdateLanes.wakeColor
        case .bgTasks: BGTaskLanes.wakeColor
        case .transfers: TransferLanes.wakeColor
        case .pushes: PushLanes.wakeColor
        }
    }

    /// A hold's colour in the "kept alive by" lane: the core's here, the mechanisms' from their lanes.
    private static func color(_ hold: SimHold) -> String {
        switch hold.kind {
        case .locationUpdates: "#2e7d32"
        case .other: "#6d4c41"
        case .backgroundTasks: BackgroundTaskLanes.color
        case .audio(let audio): AudioLanes.color(audio)
        case .bgTasks: BGTaskLanes.holdColor
        case .liveUpdates: LiveUpdateLanes.holdColor
        }
    }
}
