/// How location updates keep a backgrounded app alive (§4).
public enum KeepAlivePolicy: String, Hashable, Sendable, Codable, CaseIterable {
    /// As documented: a running location session keeps the app alive, deliveries or not.
    case session
    /// The strict community reading: each delivered fix resets the remaining background time to
    /// the full budget; a longer gap between deliveries ends in suspension.
    case delivery
}

/// How a run ended for the app.
public enum SimVerdict: String, Hashable, Sendable, Codable {
    case keptAlive = "kept-alive"
    case suspended
    case terminated
    case crashed
    /// The app never went to the background: the run says nothing about staying alive there.
    case foregroundOnly = "foreground-only"
}
