/// What the Info.plist lint found (§7, §14): a mismatch between what the app declares and what
/// the run used. Reports turn it into a warning; a finding never changes the run.
public enum SimPlistFinding: Hashable, Sendable, Codable {
    /// A `UIBackgroundModes` entry nothing in the run used: App Review rejects declared modes
    /// an app does not use (guideline 2.5.4). [doc][obs]
    case modeDeclaredButUnused(SimBackgroundMode)
    /// The run relied on a mode the Info.plist lacks: the mechanism fails (location: the crash
    /// or no keep-alive of §3–§4). [doc]
    case modeUsedButNotDeclared(SimBackgroundMode)
    /// A request made in the run needs this usage description, which is missing. [doc]
    case usageDescriptionMissing(SimUsageDescription)
    // MARK: §12 BGTaskScheduler
    /// The run registered or submitted a BGTask identifier that `BGTaskSchedulerPermittedIdentifiers`
    /// lacks (neither as it is nor by a wildcard entry such as `com.example.export.*`): `register`
    /// returns false and `submit` throws `notPermitted`. [doc]
    case taskIdentifierNotPermitted(String)
}

/// Compares what mechanisms used with what the Info.plist declares.
enum InfoPlistLint {
    /// The findings, modes first (in `SimBackgroundMode.allCases` order), then usage strings.
    static func findings(declared: SimCapabilities, used uses: [SimInfoPlistUse]) -> [SimPlistFinding] {
        let usedModes = uses.reduce(into: Set<SimBackgroundMode>()) { $0.formUnion($1.backgroundModes) }
        let usedKeys = uses.reduce(into: Set<SimUsageDescription>()) { $0.formUnion($1.usageDescriptions) }
        var findings: [SimPlistFinding] = []
        for mode in SimBackgroundMode.allCases {
            switch (declared.backgroundModes.contains(mode), usedModes.contains(mode)) {
            case (true, false): findings.append(.modeDeclaredButUnused(mode))
            case (false, true): findings.append(.modeUsedButNotDeclared(mode))
            default: break
            }
        }
        for key in SimUsageDescription.allCases where usedKeys.contains(key) && !declared.declares(key) {
            findings.append(.usageDescriptionMissing(key))
        }
        // §12: BGTaskSchedulerPermittedIdentifiers.
        let usedTasks = uses.reduce(into: Set<String>()) { $0.formUnion($1.taskIdentifiers) }
        // A wildcard entry (`com.example.export.*`, iOS 26) covers the identifiers it permits.
        for identifier in usedTasks.sorted() where !declared.permitsTaskIdentifier(identifier, wildcards: true) {
            findings.append(.taskIdentifierNotPermitted(identifier))
        }
        return findings
    }
}
