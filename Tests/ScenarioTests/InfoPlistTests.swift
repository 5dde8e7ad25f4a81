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

    // MARK: Issue 33: measured before decoding

    /// A `bplist00` file of `objects` (each encoded, references 2 bytes), object 0 at the top,
    /// offsets 2 bytes: the format as Apple's CFBinaryPList.c writes it.
    nonisolated static func binary(_ objects: [[UInt8]]) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        func big(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) } }
        bytes += [0, 0, 0, 0, 0, 0, 2, 2] + big(objects.count) + big(0) + big(table)
        return Data(bytes)
    }

    nonisolated static func ascii(_ text: String) -> [UInt8] {
        let count = text.utf8.count
        return (count < 15 ? [0x50 | UInt8(count)] : [0x5F, 0x10, UInt8(count)]) + Array(text.utf8)
    }

    nonisolated static func array(_ references: [Int]) -> [UInt8] {
        [0xA0 | UInt8(references.count)] + references.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    /// `{UIBackgroundModes: level 5}`, each level an array of ten references to the one below,
    /// the last to `leaf`: objects 0 (the dictionary), 1 (its key), 2…6 (the levels), 7 (the leaf).
    nonisolated static func bomb(leaf: [UInt8]) -> Data {
        binary([[0xD1, 0, 1, 0, 2], ascii("UIBackgroundModes")] + (3...7).map { array(Array(repeating: $0, count: 10)) } + [leaf])
    }

    private static let advice = "refused before decoding: an Info.plist holds a few hundred values, a few levels deep; give the app's own Info.plist"

    /// 10^5 `true`s through shared references in 139 bytes: level 5 (object 2, at byte 8 + 5 + 20)
    /// holds 1 + 10 × 11111 values; its tenth reference passes 100000.
    @Test func sharedReferencesCountOncePerReference() {
        let data = Self.bomb(leaf: [0x09])
        #expect(data.count == 139 + 8 * 2 + 32)
        #expect(throws: ReplayError.invalidSettings("x.plist: object 2 at byte 33: expands to more than 100000 values (a shared object counts once per reference: decoding copies it): \(Self.advice)")) {
            try InfoPlist.parse(data, path: "x.plist")
        }
    }

    /// A 100-character string under the same levels: level 4 comes to 21 + 10 × 10531 bytes, and
    /// level 5's fourth reference passes 4 MB (21 + 4 × 105331·10 + …) before its values pass 100000.
    @Test func sharedReferencesCountTheirBytesOncePerReference() {
        let data = Self.bomb(leaf: Self.ascii(String(repeating: "x", count: 100)))
        #expect(throws: ReplayError.invalidSettings("x.plist: object 2 at byte 33: expands to more than 4 MB (a shared object counts once per reference: decoding copies it): \(Self.advice)")) {
            try InfoPlist.parse(data, path: "x.plist")
        }
    }

    /// A plist Foundation writes shares its equal strings; a real one is read as before.
    @Test func aRealPlistWithSharedStringsIsRead() throws {
        var shared = entries
        shared["UIBackgroundModes"] = ["location", "location", "fetch"]
        let data = try PropertyListSerialization.data(fromPropertyList: shared, format: .binary, options: 0)
        let plist = try InfoPlist.parse(data, path: "x.plist")
        #expect(plist.capabilities.backgroundModes == [.location, .fetch])
    }

    @Test(arguments: [
        // An array that holds itself.
        (binary([[0xD1, 0, 1, 0, 2], ascii("UIBackgroundModes"), array([2])]),
         "x.plist: object 2 at byte 33: not a valid binary property list: it contains itself (a reference loop): refused before decoding: give the Info.plist as Xcode writes it (XML) or as the built app holds it (binary)"),
        // A reference past the last object.
        (binary([[0xD1, 0, 1, 0, 9], ascii("UIBackgroundModes")]),
         "x.plist: object 0 at byte 8: not a valid binary property list: it refers to object 9, of 2: refused before decoding: give the Info.plist as Xcode writes it (XML) or as the built app holds it (binary)"),
        // A string longer than the objects.
        (binary([[0xD1, 0, 1, 0, 1], [0x5F, 0x10, 30, 0x41]]),
         "x.plist: object 1 at byte 13: not a valid binary property list: its 30 bytes run past the objects (into the offset table): refused before decoding: give the Info.plist as Xcode writes it (XML) or as the built app holds it (binary)"),
        (Data("bplist15".utf8) + Data(count: 40),
         "x.plist: a binary property list of version '15', not 00, the version Foundation reads: refused before decoding: give the Info.plist as Xcode writes it (XML) or as the built app holds it (binary)"),
    ])
    func aBrokenBinaryPlistIsRefusedWithItsObject(data: Data, message: String) {
        #expect(throws: ReplayError.invalidSettings(message)) { try InfoPlist.parse(data, path: "x.plist") }
    }

    /// XML decodes in one pass: its values and nesting are counted, with the line and column.
    @Test func xmlIsBoundedInValuesAndDepth() {
        let head = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>a</key>"
        // plist, dict, then arrays: the 64th array is the 65th level of values.
        let deep = head + String(repeating: "<array>", count: 70) + String(repeating: "</array>", count: 70) + "</dict></plist>\n"
        #expect(throws: ReplayError.invalidSettings("x.plist:2:\(39 + 63 * 7 + 1): nested more than 64 deep: \(Self.advice)")) {
            try InfoPlist.parse(Data(deep.utf8), path: "x.plist")
        }
        // plist, array, then trues: the 99999th true is the 100001st value.
        let many = "<plist><array>" + String(repeating: "<true/>", count: 100_000) + "</array></plist>"
        #expect(throws: ReplayError.invalidSettings("x.plist:1:\(14 + 99_998 * 7 + 1): holds more than 100000 values: \(Self.advice)")) {
            try InfoPlist.parse(Data(many.utf8), path: "x.plist")
        }
        // Markup inside comments and CDATA is text, not values.
        let commented = "<plist><dict><!-- <array><array> --><key>UIBackgroundModes</key><array><string><![CDATA[location]]></string></array></dict></plist>"
        #expect(throws: Never.self) { try InfoPlist.parse(Data(commented.utf8), path: "x.plist") }
    }

    /// A background mode's line break cannot start a line of the run's report.
    @Test func aModesLineBreakIsEscapedInTheWarning() throws {
        var modes = entries
        modes["UIBackgroundModes"] = ["location", "x\nwarning: y"]
        let path = try write(modes, format: .xml, to: "Info.plist")
        var settings = ReplaySettings()
        settings.infoPlist = InfoPlistPath(path)
        #expect(try settings.resolved().warnings == ["\(path): UIBackgroundModes x\\u{A}warning: y not modelled: the run leaves them out"])
    }
}
