/// The §11 crossing rule for one circle, shared by `CLLocationManager` regions
/// (``RegionMonitoring``) and `CLMonitor` conditions (``ConditionMonitoring``): what the device
/// did relative to the circle since the last counted crossing.
///
/// A crossing counts once the device is `regions.crossingDistance` beyond the boundary (for an
/// entry: inside by that much, or by `regions.entryDepthFraction` of the radius if less) and has
/// stayed so for `regions.crossingDwell`. The first position only says on which side the device is.
struct BoundaryCrossing: Hashable, Sendable {
    /// Whether the device counts as inside; `nil` until its first position is known.
    var inside: Bool?
    /// When the device last crossed the boundary away from `inside`.
    var crossedAt: Double?
    /// Since when it has been beyond the crossing distance.
    var beyondSince: Double?

    /// What one look at the device's position amounts to.
    enum Step: Hashable, Sendable {
        /// Nothing to tell.
        case none
        /// The first position known: the device is inside, or not.
        case determined(inside: Bool)
        /// A crossing counted now: the device crossed the boundary at `crossedAt` and met the
        /// threshold at `qualifiedAt` (seconds).
        case crossed(entered: Bool, crossedAt: Double, qualifiedAt: Double)
    }

    /// A crossing starting from `inside` (`nil`: not known yet).
    init(inside: Bool? = nil) {
        self.inside = inside
    }

    /// Notes the device `distance` metres from the centre of a circle of `radius` metres at `now`.
    mutating func note(distance: Double, radius: Double, at now: Double, profile: SimProfile) -> Step {
        guard let inside else {
            inside = distance <= radius
            return .determined(inside: distance <= radius)
        }
        let across = inside ? distance > radius : distance <= radius
        let depth = inside ? profile.regions.crossingDistance : min(profile.regions.crossingDistance, radius * profile.regions.entryDepthFraction)
        let beyond = inside ? distance > radius + depth : distance <= radius - depth
        if !across {
            crossedAt = nil
            beyondSince = nil
            return .none
        }
        let crossed = crossedAt ?? now
        crossedAt = crossed
        guard beyond else {
            beyondSince = nil
            return .none
        }
        let since = beyondSince ?? now
        beyondSince = since
        guard now - since >= profile.regions.crossingDwell else { return .none }
        // The crossing counts: the side flips now.
        self = BoundaryCrossing(inside: !inside)
        return .crossed(entered: !inside, crossedAt: crossed, qualifiedAt: now)
    }

    /// No position (a signal gap), no evidence: a crossing must be seen again from its start.
    mutating func lostPosition() {
        beyondSince = nil
    }
}
