import GPX
import Simulation

/// Why a replay could not run; its ``kind`` decides the command-line tool's exit status.
public enum ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The track file cannot be opened or read.
    case trackUnreadable(GPXReadError)
    /// The track is not valid GPX, or has no point to replay.
    case invalidTrack(String)
    /// The settings are impossible, or a scenario file is malformed.
    case invalidSettings(String)
    /// The scenario file cannot be opened or read.
    case settingsFileUnreadable(String)
    /// The run's virtual time stopped advancing: a reaction loop, stopped where it was.
    case stalled(SimStall)

    /// The message for a person: `FILE:LINE:COLUMN: message` for track data.
    public var description: String {
        switch self {
        case .trackUnreadable(let error): error.description
        case .invalidTrack(let message), .invalidSettings(let message), .settingsFileUnreadable(let message): message
        case .stalled(let stall): Prose.stall(stall)
        }
    }

    /// Bad usage, invalid data, or a file that cannot be opened.
    public var kind: FailureKind {
        switch self {
        case .invalidSettings: .usage
        case .invalidTrack: .invalidData
        case .trackUnreadable, .settingsFileUnreadable: .cannotOpen
        case .stalled: .stalled
        }
    }
}
