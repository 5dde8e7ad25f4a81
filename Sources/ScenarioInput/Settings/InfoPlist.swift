import Foundation
import GPX
import Simulation

/// An app's real Info.plist (`--info-plist`, a scenario's `infoPlist:`), XML or binary: the
/// entries the model reads (``AppScriptReader/infoPlistNames``: background modes, location usage
/// descriptions, BGTask permitted identifiers, the iOS 18 explicit-service-session key) become
/// the run's Info.plist, replacing the script's `info:`; the lint then speaks of the real file.
public struct InfoPlist: Hashable, Sendable {
    /// The file, as messages name it.
    public var path: String
    /// What the model reads of it.
    public var capabilities: SimCapabilities
    /// Background modes the file declares that the model does not have (`bluetooth-central`, …):
    /// left out of the run, and said so.
    public var unmodelledModes: [String]

    /// The largest Info.plist read: real ones are a few kilobytes.
    public static let maximumBytes = 1 << 20
    /// The most values (strings, numbers, arrays, dictionaries, keys) a plist may decode to, an
    /// object shared by several references counted once for each: real Info.plists hold a few
    /// hundred. Checked before decoding, which copies a shared object once per reference.
    public static let maximumValues = 100_000
    /// The most bytes a binary plist's objects may come to, shared ones counted once for each
    /// reference: four times the largest file read.
    public static let maximumExpandedBytes = 4 << 20
    /// The deepest nesting of arrays and dictionaries: real Info.plists nest three or four deep.
    public static let maximumDepth = 64

    /// Reads the plist at `path`.
    /// - Throws: ``ReplayError/settingsFileUnreadable(_:)`` when it cannot be read,
    ///   ``ReplayError/invalidSettings(_:)`` when it is not a property list of the shape Apple's is,
    ///   or would decode past ``maximumValues``, ``maximumExpandedBytes`` or ``maximumDepth``.
    public static func read(contentsOf path: String) throws(ReplayError) -> InfoPlist {
        InputFiles.note(path, .infoPlist)
        let data: Data
        switch FileName.readRegularFile(path, upTo: maximumBytes) {
        case .success(let bytes): data = Data(bytes)
        case .failure(let error): throw .settingsFileUnreadable("\(path): cannot read the Info.plist: \(error.description)")
        }
        guard data.count <= maximumBytes else { throw .invalidSettings("\(path): larger than 1 MB: not an Info.plist (a few kilobytes); give the app's Info.plist") }
        return try parse(data, path: path)
    }

    /// The Info.plist in `data` (XML, binary, or old-style text), named `path` in messages;
    /// measured (``maximumValues``, ``maximumExpandedBytes``, ``maximumDepth``) before it is decoded.
    public static func parse(_ data: Data, path: String) throws(ReplayError) -> InfoPlist {
        do throws(PropertyListBudget.Refusal) {
            try PropertyListBudget.check([UInt8](data))
        } catch {
            let advice = error.message.hasPrefix("not a valid") || error.message.contains("version")
                ? "give the Info.plist as Xcode writes it (XML) or as the built app holds it (binary)"
                : "an Info.plist holds a few hundred values, a few levels deep; give the app's own Info.plist"
            throw .invalidSettings("\(error.located(in: path)): refused before decoding: \(advice)")
        }
        let root: Any
        do {
            root = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .invalidSettings("\(path): not a property list (XML or binary): \(error.localizedDescription)")
        }
        guard let entries = root as? [String: Any] else { throw .invalidSettings("\(path): an Info.plist is a dictionary at its top") }
        var plist = InfoPlist(path: path, capabilities: SimCapabilities(backgroundModes: [], whenInUseUsageDescription: nil, alwaysAndWhenInUseUsageDescription: nil),
                              unmodelledModes: [])
        for (apple, key) in AppScriptReader.infoPlistNames {
            guard let value = entries[apple] else { continue }
            switch key {
            case "backgroundModes":
                guard let modes = value as? [String] else { throw .invalidSettings("\(path): '\(apple)' must be an array of strings") }
                for mode in modes {
                    if let known = SimBackgroundMode(settingText: mode) { plist.capabilities.backgroundModes.insert(known) } else { plist.unmodelledModes.append(mode) }
                }
            case "whenInUseUsage":
                plist.capabilities.whenInUseUsageDescription = try text(value, apple, path)
            case "alwaysUsage":
                plist.capabilities.alwaysAndWhenInUseUsageDescription = try text(value, apple, path)
            case "bgTaskIdentifiers":
                guard let identifiers = value as? [String] else { throw .invalidSettings("\(path): '\(apple)' must be an array of strings") }
                plist.capabilities.permittedBackgroundTaskIdentifiers = identifiers
            case "requireExplicitServiceSession":
                guard let flag = value as? Bool else { throw .invalidSettings("\(path): '\(apple)' must be a boolean") }
                plist.capabilities.requiresExplicitServiceSession = flag
            default:
                break
            }
        }
        return plist
    }

    /// A usage description's text: a string, empty meaning none (iOS shows no prompt without text).
    private static func text(_ value: Any, _ key: String, _ path: String) throws(ReplayError) -> String? {
        guard let text = value as? String else { throw .invalidSettings("\(path): '\(key)' must be a string (the text the prompt shows)") }
        return text.isEmpty ? nil : text
    }

    /// The warning the run gives for modes it leaves out.
    var warnings: [String] {
        unmodelledModes.isEmpty ? [] : ["\(SafeText.terminal(path)): UIBackgroundModes \(unmodelledModes.map { SafeText.terminal($0) }.joined(separator: ", ")) not modelled: the run leaves them out"]
    }
}

/// Where an Info.plist is, as `--info-plist` and a scenario's `infoPlist:` write it; read when
/// the settings are resolved. In a scenario file a relative path is the scenario's folder's.
public struct InfoPlistPath: SettingValue {
    public var path: String

    public init(_ path: String) {
        self.path = path
    }

    public init?(settingText text: String) {
        guard !text.isEmpty else { return nil }
        path = text
    }

    public static func notAValue(_ text: String) -> String { "an Info.plist's path must not be empty" }

    /// `path` read from a file named `file`: relative to that file's folder.
    static func relative(_ path: String, to file: String) -> InfoPlistPath {
        guard !path.hasPrefix("/") else { return InfoPlistPath(path) }
        let folder = StandardInput.folder(of: file)
        return InfoPlistPath(folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path))
    }
}
