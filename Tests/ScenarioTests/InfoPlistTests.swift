import Foundation
import Scenario
import Simulation
import Testing
import TestSupport

/// Issue 22 §1: the app's real Info.plist (XML or binary) as the run's `info`.
@MainActor @Suite struct InfoPlistTests {
    private let entries: [String: Any] = [
        "CFBundleIdentifier": "com.example.nav",
        "UIBackgroundModes": ["location", "fetch", "nearby-interaction"],
        "NSLocationWhenInUseUsageDescription": "Shows you on the map.",
        "NSLocationAlwaysAndWhenInUseUsageDescription": "Keeps recording your trip.",
        "BGTaskSchedulerPermittedIdentifiers": ["com.example.refresh"],
        "NSLocationRequireExplicitServiceSession": true,
    ]

    private func write(_ object: Any, format: PropertyListSerialization.PropertyListFormat, to name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keepalive-plist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0).write(to: url)
        return url.path
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func readsWhatTheModelKnowsOfARealInfoPlist(format: PropertyListSerialization.PropertyListFormat) throws {
        let path = try write(entries, format: format, to: "Info.plist")
        let plist = try InfoPlist.read(contentsOf: path)
        #expect(plist.capabilities.backgroundModes == [.location, .fetch])
        #expect(plist.capabilities.whenInUseUsageDescription == "Shows you on the map.")
        #expect(plist.capabilities.alwaysAndWhenInUseUsageDescription == "Keeps recording your trip.")
        #expect(plist.capabilities.permittedBackgroundTaskIdentifiers == ["com.example.refresh"])
        #expect(plist.capabilities.requiresExplicitServiceSession)
        // A mode the model does not have is left out, and the run says so.
        #expect(plist.unmodelledModes == ["nearby-interaction"])
    }

    @Test func aWrongShapeOrNoPlistIsAnErrorNamingTheFileAndKey() throws {
        var wrong = entries
        wrong["UIBackgroundModes"] = "location"
        let path = try write(wrong, format: .xml, to: "Info.plist")
        #expect(throws: ReplayError.invalidSettings("\(path): 'UIBackgroundModes' must be an array of strings")) { try InfoPlist.read(contentsOf: path) }
        #expect(throws: ReplayError.invalidSettings("x.plist: an Info.plist is a dictionary at its top")) {
            try InfoPlist.parse(Data("garbage".utf8), path: "x.plist")
        }
        #expect(throws: ReplayError.settingsFileUnreadable("/nonexistent/Info.plist: cannot read the Info.plist: cannot open: No such file or directory")) {
            try InfoPlist.read(contentsOf: "/nonexistent/Info.plist")
        }
    }

    /// The navigation app with a real Info.plist that lacks the Always string: the request does
    /// nothing, no updates start, and the lint names the file's missing key.
    @Test func theRealFileReplacesTheScriptsInfoAndTheLintSpeaksOfIt() throws {
        var missing = entries
        missing["NSLocationAlwaysAndWhenInUseUsageDescription"] = nil
        let path = try write(missing, format: .binary, to: "Info.plist")
        var settings = ReplaySettings()
        settings.infoPlist = InfoPlistPath(path)
        let resolved = try settings.resolved()
        #expect(resolved.infoPlistPath == path)
        #expect(resolved.capabilities.alwaysAndWhenInUseUsageDescription == nil)
        #expect(resolved.warnings == ["\(path): UIBackgroundModes nearby-interaction not modelled: the run leaves them out"])
        let outcome = try ReplayRun(track: Shipped.track("city-commute.gpx"), settings: resolved).run()
        #expect(outcome.result.summary.goalMet == false)
        #expect(outcome.result.summary.deliveredUpdates == 0)
        #expect(outcome.result.summary.infoPlistFindings == [.modeDeclaredButUnused(.fetch), .usageDescriptionMissing(.locationAlwaysAndWhenInUse)])
    }

    /// A script's `info: {from: …}` reads the file beside the scenario; keys beside it override.
    @Test func aScriptReadsItsInfoFromTheFileBesideTheScenario() throws {
        let path = try write(entries, format: .xml, to: "Info.plist")
        let scenario = (path as NSString).deletingLastPathComponent + "/s.yaml"
        let text = "app:\n  info: {from: Info.plist, backgroundModes: [location]}\n  on: {launch: [request-always, start-updates]}\n"
        let settings = try ScenarioFile.parse(text, name: scenario)
        let info = try #require(settings.app?.info)
        #expect(info.backgroundModes == [.location])
        #expect(info.permittedBackgroundTaskIdentifiers == ["com.example.refresh"])
        #expect(info.whenInUseUsageDescription == "Shows you on the map.")
    }
}
