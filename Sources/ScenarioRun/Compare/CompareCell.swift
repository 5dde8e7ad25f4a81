import ScenarioInput
import Simulation

/// One cell of `compare --profiles … --conditions …`: the run's settings on one profile under one
/// field condition (the matrix's ``FieldCondition``), replayed whole and judged against the
/// device's recording as the run itself is.
public struct CompareCell: Hashable, Sendable {
    public var profile: SimProfile
    public var condition: FieldCondition
    /// The run's settings with the cell's profile (resolved for it) and condition.
    public var settings: ResolvedReplay

    /// The most cells planned unless told otherwise (``Matrix/maximumCellsOption`` raises it):
    /// each cell replays the whole trip once, in this process, one after the other.
    public static let defaultMaximumCells = 40

    /// "ios17 · low-power", "ios16 · normal": how the reports name a cell, its profile as written
    /// (an iOS version runs the profile covering it).
    public var name: String { "\(profileName) · \(condition.rawValue)" }

    /// The profile as written: its name, or the iOS version asked for.
    public var profileName: String { profile.writtenName }

    /// Every profile × condition, profile first, each with `settings` resolved on its profile.
    /// - Throws: ``CompareError`` (usage): a profile listed twice (or two versions one profile
    ///   covers), a condition listed twice, an empty list, more cells than `maximumCells`, or
    ///   settings impossible on a profile.
    public static func plan(_ settings: ReplaySettings, profiles: [SimProfile], conditions: [FieldCondition],
                            maximumCells: Int = defaultMaximumCells) throws(CompareError) -> [CompareCell] {
        guard !profiles.isEmpty else { throw .usage("--profiles: names no profile (\(SimProfile.versionRanges))") }
        guard !conditions.isEmpty else { throw .usage("--conditions: names no condition (\(FieldCondition.settingNames.joined(separator: ", ")))") }
        for (index, profile) in profiles.enumerated() {
            // Two versions one profile covers (ios15, ios16) would replay the same cells twice, as in a matrix.
            if let listed = profiles[..<index].first(where: { $0.rules == profile.rules }) {
                let same = listed.requestedOSVersion == profile.requestedOSVersion ? "" : ": \(Prose.profile(profile)), as \(Prose.profile(listed))"
                throw .usage("--profiles: '\(profile.writtenName)' is listed twice\(same)")
            }
        }
        for (index, condition) in conditions.enumerated() where conditions[..<index].contains(condition) {
            throw .usage("--conditions: '\(condition.rawValue)' is listed twice")
        }
        let (count, overflow) = profiles.count.multipliedReportingOverflow(by: conditions.count)
        if overflow || count > maximumCells {
            throw .usage("--profiles × --conditions: \(count) cells (\(profiles.count) × \(conditions.count)), more than the limit of \(maximumCells) (\(Matrix.maximumCellsOption) raises it)")
        }
        var cells: [CompareCell] = []
        for profile in profiles {
            var settings = settings
            settings.profile = profile
            let resolved: ResolvedReplay
            do throws(ReplayError) {
                resolved = try settings.resolved()
            } catch {
                throw .usage("--profiles: on \(profile.name): \(error.description)")
            }
            for condition in conditions {
                var cell = resolved
                cell.fieldCondition = condition == .normal ? nil : condition
                cells.append(CompareCell(profile: profile, condition: condition, settings: cell))
            }
        }
        return cells
    }
}

/// What a cell's model made of the trip against the device's recording: counts and the first of
/// each kind of divergence, so that many cells keep memory flat whatever the trip.
public struct CellComparison: Hashable, Sendable {
    /// Whether a cell reproduces the device's gaps.
    public enum Finding: String, Hashable, Sendable {
        /// Every gap of each side is a gap of the other.
        case agrees
        /// Every gap of the device is a gap of the cell's model; the model has others besides (too strict).
        case reproduces
        /// The cell's model misses the first divergence's second, but not every device gap.
        case reproducesFirst = "reproduces-first"
        /// The cell's model covers the first divergence's second (or, without one, a device gap).
        case doesNotReproduce = "does-not-reproduce"

        /// Whether every device gap is a gap of the cell's model.
        public var reproducesAll: Bool { self == .agrees || self == .reproduces }
    }

    /// The profile as written (``CompareCell/profileName``).
    public var profile: String
    public var condition: FieldCondition
    public var finding: Finding
    /// The cell's model, judged from its fixes (its gaps not kept: the first of each list below is).
    public var modelFraction: Double
    public var modelUncoveredSeconds: Double
    public var modelGapCount: Int
    /// How many device gaps the cell's model did not predict, and the first.
    public var unpredictedCount: Int
    public var firstUnpredicted: GapDivergence?
    /// How many gaps the cell's model had that the device did not, and the first.
    public var tooStrictCount: Int
    public var firstTooStrict: GapDivergence?

    /// "ios17 · low-power".
    public var name: String { "\(profile) · \(condition.rawValue)" }

    /// The cell's model coverage against the device's; `firstSecond` is the run's first divergence, if any.
    init(_ cell: CompareCell, model: SimCoverage, device: SimCoverage, firstDivergence firstSecond: Double?) {
        let unpredicted = DeviceComparison.divergences(device.gaps, against: model.gaps)
        let tooStrict = DeviceComparison.divergences(model.gaps, against: device.gaps)
        profile = cell.profileName
        condition = cell.condition
        modelFraction = model.fraction
        modelUncoveredSeconds = model.uncoveredSeconds
        modelGapCount = model.gapCount
        unpredictedCount = unpredicted.count
        firstUnpredicted = unpredicted.first
        tooStrictCount = tooStrict.count
        firstTooStrict = tooStrict.first
        finding = switch (unpredicted.isEmpty, tooStrict.isEmpty) {
        case (true, true): .agrees
        case (true, false): .reproduces
        default: firstSecond.map { DeviceComparison.uncovered($0, in: model.gaps) } == true ? .reproducesFirst : .doesNotReproduce
        }
    }
}
