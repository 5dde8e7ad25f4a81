/// What region monitoring did (§11), as the event log keeps it.
public enum RegionEvent: Hashable, Sendable, Codable {
    /// The event's category, as the JSON Lines report names it.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case start = "region.start"
        case stop = "region.stop"
        case failure = "region.fail"
        case enter = "region.enter"
        case exit = "region.exit"
        case lost = "region.lost"
    }

    /// `startMonitoring(for:)` of a region.
    case start(SimRegionRecord)
    /// `stopMonitoring(for:)` of a region.
    case stop(SimRegionRecord)
    /// `monitoringDidFailFor`: the region could not be monitored.
    case failure(SimRegionRecord, SimLocationError)
    /// A boundary crossing reported to the app (`didEnterRegion` when `entered`, else
    /// `didExitRegion`); the device crossed the boundary at `crossedAt` and met the threshold at
    /// `qualifiedAt` (seconds).
    case crossing(SimRegionRecord, entered: Bool, crossedAt: Double, qualifiedAt: Double)
    /// A counted crossing that could not reach the app, because of `cause` (`nil`: the app
    /// does not run and its stop says why): iOS does not keep it.
    case lost(SimRegionRecord, entered: Bool, crossedAt: Double, qualifiedAt: Double, cause: SimCause?)

    /// The event's category, decided by the case.
    public var kind: Kind {
        switch self {
        case .start: .start
        case .stop: .stop
        case .failure: .failure
        case .crossing(_, let entered, _, _): entered ? .enter : .exit
        case .lost: .lost
        }
    }
}

extension SimSystem {
    /// Emits a region event.
    func emit(_ event: RegionEvent) {
        emit(.regions(event))
    }
}
