import PlatformShapes

/// The app's state: `UIApplication.State` plus the states an app never observes itself (§1).
public enum SimAppState: String, Hashable, Sendable, Codable, CaseIterable, ApplicationRunState {
    case notRunning
    case active
    case inactive
    case background
    /// In memory but not running; iOS never tells the app.
    case suspended
    /// Killed: by the watchdog, a crash, memory pressure or the user.
    case terminated

    /// Whether two states are the same case. Declared, not synthesized: `state == .background`
    /// in this module resolved to PlatformShapes' `==` when it took `any ApplicationRunState`,
    /// boxing the state several times a fix (issue 21); this one wins over its generic form.
    public static func == (lhs: SimAppState, rhs: SimAppState) -> Bool {
        lhs.ordinal == rhs.ordinal
    }

    /// Whether two states are different cases (see `==`).
    public static func != (lhs: SimAppState, rhs: SimAppState) -> Bool {
        lhs.ordinal != rhs.ordinal
    }

    private var ordinal: Int {
        switch self {
        case .notRunning: 0
        case .active: 1
        case .inactive: 2
        case .background: 3
        case .suspended: 4
        case .terminated: 5
        }
    }

    /// Whether the app's code runs in this state.
    public var isRunning: Bool {
        switch self {
        case .active, .inactive, .background: true
        case .notRunning, .suspended, .terminated: false
        }
    }

    /// Whether the app is on screen.
    public var isForeground: Bool {
        switch self {
        case .active, .inactive: true
        case .notRunning, .background, .suspended, .terminated: false
        }
    }

    /// The scene state iOS 13+ reports for this app state.
    public var sceneState: SimSceneState {
        switch self {
        case .active: .foregroundActive
        case .inactive: .foregroundInactive
        case .background, .suspended: .background
        case .notRunning, .terminated: .unattached
        }
    }
}

/// `UIScene.ActivationState` (iOS 13+).
public enum SimSceneState: String, Hashable, Sendable, Codable {
    case unattached
    case foregroundActive
    case foregroundInactive
    case background
}

/// `UIBackgroundTaskIdentifier`: what `beginBackgroundTask` returns.
public struct SimBackgroundTaskIdentifier: BackgroundTaskIdentifying, Codable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `UIBackgroundTaskIdentifier.invalid`.
    public static let invalid = SimBackgroundTaskIdentifier(rawValue: 0)

    public var description: String { "#\(rawValue)" }
}
