import ScenarioInput
import ScenarioRun
import Simulation

/// The audio lane (§13): audio playing (silence in its own colour) until it stops or the app
/// stops running, and each call or alarm interrupting it; marks for an interruption's end the
/// app did not run to hear, and for one with nothing to interrupt.
struct AudioLanes {
    private var lane = PictureLane(name: "audio")
    private var playing: (start: Double, silent: Bool, title: String)?
    private var interrupted: [SimAudioInterruptionSource: (start: Double, title: String)] = [:]
    private var wasRunning = false

    /// The colour of audio holding the app, in the "kept alive by" lane too.
    static func color(_ hold: AudioHold) -> String {
        switch hold {
        case .playback(let silent): silent ? LaneColor.magenta : LaneColor.indigo
        }
    }

    mutating func read(_ event: SimEvent, _ picture: LaneContext) {
        let t = event.time
        if wasRunning, !event.state.isRunning { closePlaying(at: t, picture) }
        wasRunning = event.state.isRunning
        guard case .audio(let audio) = event.detail else { return }
        let title = { picture.title(event) }
        switch audio {
        case .playbackStarted(let silent):
            closePlaying(at: t, picture)
            playing = (t, silent, title())
        case .playbackStopped:
            closePlaying(at: t, picture)
        case .interruptionBegan(let source):
            closeInterruption(source, at: t, picture)
            interrupted[source] = (t, title())
        case .interruptionEnded(let source, let heard):
            closeInterruption(source, at: t, picture)
            if !heard { lane.mark(.ring, LaneColor.orange, "end not heard", weight: 2, at: picture.x(t), title: title()) }
        case .interruptionIgnored:
            lane.mark(.cross, LaneColor.grey, "nothing to interrupt", weight: 1, at: picture.x(t), title: title())
        case .sessionActivated, .sessionDeactivated:
            break
        }
    }

    mutating func lanes(end: Double, _ picture: LaneContext) -> [PictureLane] {
        closePlaying(at: end, picture)
        for source in interrupted.keys.sorted(by: { $0.rawValue < $1.rawValue }) { closeInterruption(source, at: end, picture) }
        return [lane]
    }

    private mutating func closePlaying(at time: Double, _ picture: LaneContext) {
        guard let open = playing else { return }
        lane.span(.bar, Self.color(.playback(silent: open.silent)), open.silent ? "silent audio" : "playing",
                  from: picture.x(open.start), to: picture.x(time), title: picture.range(open.start, time, open.title))
        playing = nil
    }

    private mutating func closeInterruption(_ source: SimAudioInterruptionSource, at time: Double, _ picture: LaneContext) {
        guard let open = interrupted.removeValue(forKey: source) else { return }
        lane.span(.bar, "#ffcc80", "interrupted", from: picture.x(open.start), to: picture.x(time), title: picture.range(open.start, time, open.title))
    }
}
