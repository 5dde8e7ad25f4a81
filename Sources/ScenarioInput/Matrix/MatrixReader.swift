import Foundation
import Simulation
import Yams

/// Reads a profile's parameters in a matrix file as a scenario's (``ProfileOverrides``).
private struct MatrixNodeReader: ScenarioNodeReader {
    let name: String
}

/// Walks a matrix file's YAML tree, naming the place of anything it cannot use.
struct MatrixReader {
    let name: String
    /// The matrix file's folder, where relative paths start.
    let folder: String
    /// The most cells (tracks × profiles × runs) the matrix may plan.
    let maximumCells: Int

    init(name: String, maximumCells: Int = Matrix.defaultMaximumCells) {
        self.name = name
        self.maximumCells = maximumCells
        folder = StandardInput.folder(of: name)
    }

    /// "1 track", "2 tracks".
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    func fail(_ node: Yams.Node, _ message: String) -> MatrixError {
        MatrixError(usage: "\(name)\(node.mark.map { ":\($0.line):\($0.column)" } ?? ""): \(message)")
    }

    func resolve(_ path: String) -> String {
        path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }

    func string(_ key: String, _ node: Yams.Node) throws(MatrixError) -> String {
        guard let value = node.scalar?.string else { throw fail(node, "'\(key)' must be a string") }
        return value
    }

    /// The keys of a matrix.
    enum MatrixKey: String, CaseIterable { case tracks, profiles, conditions, settings, runs }

    /// The keys of an entry of `runs`.
    enum RunKey: String, CaseIterable { case name, settings, scenario, expect }

    static let matrixSchema = FieldSchema<MatrixKey>(.listed("a key of a matrix"))
    static let runSchema = FieldSchema<RunKey>(.listed("a key of a run"))

    /// The entries of a mapping, read against `schema` as a scenario's are (`Runs` is `runs`);
    /// every key is checked before any value is read.
    func fields<Key>(_ mapping: Yams.Node.Mapping, _ schema: FieldSchema<Key>) throws(MatrixError) -> [FieldEntry<Key>] {
        do throws(ReplayError) {
            return try MatrixNodeReader(name: name).fields(mapping, schema, atOnce: true).known
        } catch {
            throw MatrixError(error)
        }
    }

    /// The names a list key holds (`tracks`, `conditions`): a single name, a mapping, or a list
    /// in the list is an error that says what to write; `what` is what the list holds ("GPX files").
    func names(_ key: String, _ node: Yams.Node, of what: String) throws(MatrixError) -> [(String, Yams.Node)] {
        let list: Yams.Node.Sequence
        switch node {
        case .sequence(let sequence) where !sequence.isEmpty: list = sequence
        case .scalar(let scalar) where node.null == nil:
            throw fail(node, "'\(key)' must be a list of \(what), not a single name: write [\(SafeText.terminal(scalar.string))]")
        case .mapping:
            throw fail(node, "'\(key)' must be a list of \(what), not a mapping")
        case .sequence, .scalar, .alias:
            throw fail(node, "'\(key)' must be a list, not empty")
        }
        var names: [(String, Yams.Node)] = []
        for item in list {
            switch item {
            case .scalar(let scalar): names.append((scalar.string, item))
            case .sequence(let inner):
                let written = inner.compactMap(\.scalar?.string).map { SafeText.terminal($0) }.joined(separator: ", ")
                throw fail(item, "'\(key)' must be a list of \(what), not of lists: remove the inner brackets ([\(written)])")
            case .mapping, .alias:
                throw fail(item, "'\(key)' must be a list of \(what), not of mappings")
            }
        }
        return names
    }

    func matrix(_ mapping: Yams.Node.Mapping) throws(MatrixError) -> Matrix {
        var tracksNode: Yams.Node?, profilesNode: Yams.Node?, conditionsNode: Yams.Node?, runsNode: Yams.Node?
        var defaults = ReplaySettings()
        for entry in try fields(mapping, Self.matrixSchema) {
            switch entry.key {
            case .tracks: tracksNode = entry.value
            case .profiles: profilesNode = entry.value
            case .conditions: conditionsNode = entry.value
            case .settings: defaults = try settings(entry.value, of: "the matrix's 'settings'")
            case .runs: runsNode = entry.value
            }
        }
        guard let tracksNode else { throw MatrixError(usage: "\(name): a matrix needs 'tracks' (a list of GPX files)") }
        guard let runsNode else { throw MatrixError(usage: "\(name): a matrix needs 'runs' (a list of settings to replay)") }
        let tracks = try names("tracks", tracksNode, of: "GPX files").map { MatrixTrack(name: $0.0, path: resolve($0.0)) }
        // Read by the workers, perhaps in other processes: noted here, where the paths are made.
        for track in tracks { InputFiles.note(track.path, .track) }

        var profiles = [ReplaySettings.defaultProfile]
        if let profilesNode {
            profiles = []
            if let scalar = profilesNode.scalar, profilesNode.null == nil {
                throw fail(profilesNode, "'profiles' must be a list of profiles, not a single name: write [\(SafeText.terminal(scalar.string))]")
            }
            guard let list = profilesNode.sequence, !list.isEmpty else { throw fail(profilesNode, "'profiles' must be a list, not empty") }
            for node in list {
                let profile: SimProfile
                let name: String
                if let mapping = node.mapping {
                    // A profile with parameters set: {base: ios17, regions.crossingDistance: 300}.
                    do throws(ReplayError) {
                        profile = try ProfileOverrides.read(mapping, key: "profiles", node: node, reader: MatrixNodeReader(name: self.name))
                    } catch {
                        throw MatrixError(usage: error.description)
                    }
                    name = profile.name
                } else {
                    name = try string("profiles", node)
                    guard let named = SimProfile(settingText: name) else { throw fail(node, SimProfile.notAValue(name)) }
                    profile = named
                }
                // Two versions one profile covers (ios15, ios16) would run the same cells twice.
                if let listed = profiles.first(where: { $0.rules == profile.rules }) {
                    let same = listed.requestedOSVersion == profile.requestedOSVersion ? "" : ": \(Prose.profile(profile)), as \(Prose.profile(listed))"
                    throw fail(node, "'\(name)' is listed twice\(same)")
                }
                profiles.append(profile)
            }
        }

        // The field conditions each run is replayed under (§15): without the key, the phone as it is.
        var conditions = [FieldCondition.normal]
        if let conditionsNode {
            conditions = []
            for (name, node) in try names("conditions", conditionsNode, of: "field conditions (\(FieldCondition.settingNames.joined(separator: ", ")))") {
                guard let condition = FieldCondition(settingText: name) else { throw fail(node, FieldCondition.notAValue(name)) }
                if conditions.contains(condition) { throw fail(node, "'\(name)' is listed twice") }
                conditions.append(condition)
            }
        }

        guard let list = runsNode.sequence, !list.isEmpty else { throw fail(runsNode, "'runs' must be a list of runs, not empty") }
        // Counted before any run is read or any cell planned: a small file can name millions.
        let (perTrack, perTrackOverflow) = profiles.count.multipliedReportingOverflow(by: list.count * conditions.count)
        let (cells, overflow) = tracks.count.multipliedReportingOverflow(by: perTrack)
        if overflow || perTrackOverflow || cells > maximumCells {
            let count = overflow || perTrackOverflow ? "more than \(Int.max)" : String(cells)
            let axes = conditions.count > 1 ? " × \(Self.count(conditions.count, "condition"))" : ""
            throw MatrixError(usage: "\(name): \(count) replays (\(Self.count(tracks.count, "track")) × \(Self.count(profiles.count, "profile")) × \(Self.count(list.count, "run"))\(axes)), more than the limit of \(maximumCells) (\(Matrix.maximumCellsOption) raises it)")
        }
        var runs: [MatrixRun] = []
        var runNames = Set<String>()
        for item in list {
            let run = try self.run(item, number: runs.count + 1, profiles: profiles, conditions: conditions, defaults: defaults)
            if !runNames.insert(run.name).inserted { throw fail(item, "a run named '\(run.name)' is already in the list") }
            runs.append(run)
        }
        return try Matrix(file: name, tracks: tracks, profiles: profiles, runs: runs, conditions: conditions)
    }

    /// A `settings:` mapping, the matrix's or a run's: a scenario's settings, but the profile,
    /// which the matrix's `profiles` list sets; `owner` says whose in that message ("a run").
    func settings(_ value: Yams.Node, of owner: String) throws(MatrixError) -> ReplaySettings {
        guard let settings = value.mapping else { throw fail(value, "'settings' must be a mapping of scenario settings") }
        let profileKey = ReplaySettings.setting(\.$profile).key
        if let profile = settings.first(where: { $0.key.scalar.flatMap { Suggestion.spelled($0.string, among: [profileKey]) } != nil }) {
            throw fail(profile.key, "'\(profile.key.scalar?.string ?? profileKey)' is set by the matrix's 'profiles' list, not by \(owner)")
        }
        do throws(ReplayError) {
            return try ScenarioFile.settings(settings, name: name)
        } catch {
            throw MatrixError(error)
        }
    }

    /// `{name:, settings:, scenario:, expect:}`, all optional; `defaults` are the matrix's own
    /// `settings:`, which the run's scenario file and then its `settings:` override key by key
    /// (events: the matrix's first, then the run's).
    func run(
        _ node: Yams.Node, number: Int, profiles: [SimProfile], conditions: [FieldCondition] = [.normal],
        defaults: ReplaySettings = ReplaySettings()
    ) throws(MatrixError) -> MatrixRun {
        guard let mapping = node.mapping else { throw fail(node, "a run must be a mapping (\(MatrixFile.runKeys.joined(separator: ", ")))") }
        var runName = "run \(number)"
        var fromFile = ReplaySettings(), inline = ReplaySettings()
        var expect: MatrixExpectation?
        var scenario: String?
        for entry in try fields(mapping, Self.runSchema) {
            let (key, value) = (entry.name, entry.value)
            switch entry.key {
            case .name: runName = try string(key, value)
            case .scenario:
                let path = resolve(try string(key, value))
                do throws(ReplayError) { fromFile = try ScenarioFile.read(contentsOf: path) } catch { throw MatrixError(error) }
                scenario = path
            case .settings: inline = try settings(value, of: "a run")
            case .expect:
                expect = try expectation(value, keyNode: entry.keyNode, profiles: profiles, conditions: conditions)
            }
        }
        return MatrixRun(name: runName, settings: defaults.overridden(by: fromFile).overridden(by: inline), expect: expect, scenario: scenario,
                         line: node.mark?.line ?? 0, column: node.mark?.column ?? 0)
    }

    /// A verdict, or a mapping of profile names, field conditions of the matrix (and `default`) to verdicts.
    func expectation(_ node: Yams.Node, keyNode: Yams.Node, profiles: [SimProfile], conditions: [FieldCondition] = [.normal]) throws(MatrixError) -> MatrixExpectation {
        let listedProfiles = profiles
        var profiles: [String] = []
        for profile in listedProfiles {
            for name in [profile.name, profile.writtenName] where !profiles.contains(name) { profiles.append(name) }
        }
        let conditionNames = conditions == [.normal] ? [] : conditions.map(\.rawValue)
        if let mapping = node.mapping {
            var expectation = MatrixExpectation(otherwise: nil)
            for (key, value) in mapping {
                guard let profile = key.scalar?.string else { throw fail(key, "a key must be a name, not a list or mapping") }
                let verdict = try self.verdict(value)
                if profile == "default" {
                    expectation.otherwise = verdict
                } else if let condition = FieldCondition(settingText: profile), conditionNames.contains(condition.rawValue) {
                    expectation.byProfile[condition.rawValue] = verdict
                } else if let named = SimProfile(settingText: profile),
                          let listed = named.requestedOSVersion == nil
                              ? listedProfiles.first(where: { $0.name == named.name })?.name
                              : listedProfiles.first(where: { $0.rules == named.rules })?.writtenName {
                    // An era's name covers each version of it listed; a version, the one listed with its rules.
                    expectation.byProfile[listed] = verdict
                } else {
                    throw fail(key, "'\(profile)' is not one of the matrix's profiles (\(profiles.joined(separator: ", ")))\(conditionNames.isEmpty ? "" : ", its conditions (\(conditionNames.joined(separator: ", ")))") or 'default'")
                }
            }
            return expectation
        }
        guard node.scalar != nil else { throw fail(node, "'expect' must be a verdict, or a mapping of profiles to verdicts") }
        return MatrixExpectation(otherwise: try verdict(node))
    }

    func verdict(_ node: Yams.Node) throws(MatrixError) -> MatrixExpected {
        let names = MatrixExpected.all.map(\.name)
        guard let text = node.scalar?.string, let expected = MatrixExpected.all.first(where: { $0.name == text }) else {
            throw fail(node, "'\(node.scalar?.string ?? "…")' is not an answer or a verdict (\(names.joined(separator: ", ")))")
        }
        return expected
    }
}
