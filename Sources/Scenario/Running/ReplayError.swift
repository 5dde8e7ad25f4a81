import GPX

/// Why a replay could not run; each kind has the exit status the command-line tool gives it.
public enum ReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The track file cannot be opened or read (exit 66).
    case trackUnreadable(GPXReadError)
    /// The track is not valid GPX, or has no point to replay (exit 65).
    case invalidTrack(String)
    /// The settings are impossible, or a scenario file is malformed (exit 64).
    case invalidSettings(String)
    /// The scenario file cannot be opened or read (exit 66).
    case settingsFileUnreadable(String)

    /// The message for a person: `FILE:LINE:COLUMN: message` for track data.
    public var description: String {
        switch self {
        case .trackUnreadable(let error): error.description
        case .invalidTrack(let message), .invalidSettings(let message), .settingsFileUnreadable(let message): message
        }
    }

    /// sysexits.h: 64 usage, 65 data, 66 no input.
    public var exitStatus: Int32 {
        switch self {
        case .invalidSettings: 64
        case .invalidTrack: 65
        case .trackUnreadable, .settingsFileUnreadable: 66
        }
    }
}
