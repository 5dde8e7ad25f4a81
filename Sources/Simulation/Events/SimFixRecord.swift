/// A fix and what became of it.
public struct SimFixRecord: Hashable, Sendable, Codable {
    /// Why a fix was filtered or queued, or how it was delivered: each reason belongs to one of
    /// the three (``SimEvent/Kind/fixDelivered``, `fixFiltered`, `fixQueued`).
    public enum Reason: String, Hashable, Sendable, Codable {
        case underDistanceFilter
        case appNotRunning
        case appSuspended
        case backgroundUpdatesNotAllowed
        /// Delivered for `requestLocation()`.
        case requested
        /// Delivered by the significant-change service.
        case significantChange
    }

    public var latitude: Double
    public var longitude: Double
    /// For a filtered fix: metres from the last delivered fix.
    public var distanceFromLastDelivered: Double?
    /// For a fix delivered late (queued while the app could not receive it): seconds late.
    public var delay: Double?
    public var reason: Reason?

    public init(latitude: Double, longitude: Double, distanceFromLastDelivered: Double? = nil, delay: Double? = nil, reason: Reason? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.distanceFromLastDelivered = distanceFromLastDelivered
        self.delay = delay
        self.reason = reason
    }

    /// Delivered, filtered or queued, as the reason says (no reason: delivered).
    var kind: SimEvent.Kind {
        switch reason {
        case nil, .requested, .significantChange: .fixDelivered
        case .underDistanceFilter, .appNotRunning: .fixFiltered
        case .appSuspended, .backgroundUpdatesNotAllowed: .fixQueued
        }
    }
}
