import ScenarioInput
import ScenarioRun
import Simulation

// MARK: CLMonitor (§11)

extension Prose {
    /// A monitor event as the timeline's line; `time` is when it was logged.
    static func text(_ note: MonitorEvent, at time: Double) -> String {
        switch note {
        case .opened(let name, let conditions, let pending):
            let kept = conditions == 0 ? "" : "; Core Location keeps \(conditions) condition\(conditions == 1 ? "" : "s") for it"
            let waiting = pending == 0 ? "" : ", \(pending) event\(pending == 1 ? "" : "s") waited for it"
            return "CLMonitor(\"\(name)\") opened\(kept)\(waiting)"
        case .added(let name, let condition, _, true, _):
            return "CLMonitor \"\(name)\": add \"\(condition.identifier)\" again: the same condition, kept as it is"
        case .added(let name, let condition, let assuming, false, let monitored):
            let limit = monitored ? "" : "; over the limit of 20 regions and conditions, it is not monitored"
            return "CLMonitor \"\(name)\": add \"\(condition.identifier)\": \(number(condition.radius)) m around \(Formatting.fixed(condition.latitude, 5)), \(Formatting.fixed(condition.longitude, 5)), assuming \(assuming.rawValue)\(limit)"
        case .removed(let name, let identifier):
            return "CLMonitor \"\(name)\": remove \"\(identifier)\""
        case .delivered(let name, let event):
            return "CLMonitor \"\(name)\" event \"\(event.identifier)\": \(text(event, reportedAt: time))"
        case .held(let name, let event, let reason):
            let why = reason == .monitorNotOpen ? "the running process has not opened CLMonitor(\"\(name)\")" : text(reason)
            return "CLMonitor \"\(name)\" event \"\(event.identifier)\" (\(event.state.rawValue)) held: \(why); Core Location stops monitoring \"\(event.identifier)\" until a process opens the monitor"
        }
    }

    private static func text(_ event: SimMonitorEventRecord, reportedAt time: Double) -> String {
        if event.state == .unmonitored {
            return "unmonitored\(event.conditionLimitExceeded ? ", conditionLimitExceeded" : "") (an app may monitor at most 20 regions and conditions)"
        }
        let late = max(0, time - event.date)
        let delay = late == 0 ? "" : ", reported \(Formatting.duration(late)) later"
        guard let crossed = event.crossedAt else {
            return "\(event.state.rawValue) (the state Core Location determined at \(Formatting.clock(event.date))\(delay))"
        }
        return "\(event.state.rawValue) (the device crossed the boundary at \(Formatting.clock(crossed)), the crossing counted at \(Formatting.clock(event.date))\(delay))"
    }

    /// Why a monitor event waits: also a gap's cause (`SimCause.monitor`).
    static func text(_ reason: SimMonitorHoldReason) -> String {
        switch reason {
        case .monitorNotOpen: "the running process had not opened the monitor"
        case .needsAlways(let status): "the app does not run, and iOS wakes or relaunches it for a CLMonitor event only with Always (it is \(status))"
        case .forceQuit: "the app does not run: the user force-quit it, and this iOS does not relaunch it for region events"
        case .serviceSession(.serviceSessionRequired):
            "NSLocationRequireExplicitServiceSession is set and the app holds no CLServiceSession (serviceSessionRequired)"
        case .serviceSession(let diagnostic):
            "the app is not in use, and from iOS 18 it gets monitor events only with Always and a CLServiceSession(authorization: .always) (\(diagnostic.rawValue))"
        }
    }

    static func text(_ crash: MonitorCrash) -> String {
        switch crash {
        case .openedTwice(let name):
            "CLMonitor(\"\(name)\") opened while the process already has it open: only one instance per name may be open at a time"
        }
    }

    static func text(_ warning: MonitorWarning) -> String {
        switch warning {
        case .unavailable(let profile): "CLMonitor needs iOS 17: on \(profile) the monitor does nothing"
        }
    }

    static func text(_ reason: MonitorWakeReason) -> String {
        switch reason {
        case .event: "a CLMonitor event"
        }
    }

    /// A held monitor event's cause's name, as JSON writes it (`SimCause.monitor`).
    static func name(_ reason: SimMonitorHoldReason) -> String {
        switch reason {
        case .monitorNotOpen: "monitorNotOpen"
        case .needsAlways: "needsAlways"
        case .forceQuit: "forceQuit"
        case .serviceSession: "serviceSession"
        }
    }
}

extension Prose {
    /// What the geofence goal asks of CLMonitor.
    static func monitorGoalText(_ goal: EventLatencyGoal) -> String { "each CLMonitor condition crossing in the app's code \(latency(goal))" }
}
