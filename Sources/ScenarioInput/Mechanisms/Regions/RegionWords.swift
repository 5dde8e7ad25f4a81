import Scripting
import Simulation
import Yams

/// Region monitoring's words in app scripts (§11): `monitor-region` and
/// `stop-monitoring-region`. With `monitor:` they name a `CLMonitor` condition instead, read
/// with ``MonitorWords``.
enum RegionWords {
    static let actionNames = ["monitor-region", "stop-monitoring-region"]
    static let actionFields: [String: [String]] = ["monitor-region": [], "stop-monitoring-region": []]

    static func action(_ key: String, _ value: Yams.Node, fields: [String: Yams.Node], depth: Int,
                       in reader: inout AppScriptReader) throws(ReplayError) -> AppScript.Action {
        key == "monitor-region" ? try monitorRegion(value, reader) : try stopMonitoringRegion(value, reader)
    }

    /// `action` in flow style, as ``AppScriptWriter`` writes it and `action(_:_:fields:depth:in:)` reads it back.
    static func written(_ action: RegionScriptAction) -> String {
        let (number, quoted) = (AppScriptWriter.number, AppScriptWriter.quoted)
        return switch action {
        case .monitor(let latitude, let longitude, let radius, let id):
            "{monitor-region: {" + ([latitude.map { "latitude: \(number($0))" }, longitude.map { "longitude: \(number($0))" },
                                     "radius: \(number(radius))", "id: \(quoted(id))"].compactMap { $0 }.joined(separator: ", ")) + "}}"
        case .stopMonitoring(let id): "{stop-monitoring-region: \(quoted(id))}"
        }
    }

    /// `monitor-region`'s mapping: `radius` and `id`, and `latitude` with `longitude` or neither
    /// (then the region is centred on the app's last fix); with `monitor` (and optionally
    /// `assuming`), a condition of the `CLMonitor` of that name instead of a region.
    private static func monitorRegion(_ node: Yams.Node, _ reader: AppScriptReader) throws(ReplayError) -> AppScript.Action {
        let schema = FieldSchema(names: ["latitude", "longitude", "radius", "id", "monitor", "assuming"], .listed("a field of 'monitor-region'", suggests: false),
                                 ranges: ["latitude": .latitude, "longitude": .longitude, "radius": .radius])
        let fields = AppScriptReader.list(schema.names)
        guard let mapping = node.mapping else { throw reader.fail("monitor-region", "must be a mapping of \(fields)", node) }
        var (latitude, longitude, radius, id): (Double?, Double?, Double?, String?) = (nil, nil, nil, nil)
        var (monitor, assuming): (String?, (state: SimMonitoringState, node: Yams.Node)?) = (nil, nil)
        let entries = try reader.fields(mapping, schema)
        for field in entries.ordered {
            let entry = try field.get(), (key, keyNode, value) = (entry.name, entry.keyNode, entry.value)
            switch key {
            case "latitude": latitude = try entries.number(key)
            case "longitude": longitude = try entries.number(key)
            case "radius": radius = try entries.number(key)
            case "id":
                id = try reader.word(key, value, "a region identifier")
            // MARK: CLMonitor (§11)
            case "monitor": monitor = try MonitorWords.name(value, reader)
            default: assuming = (try MonitorWords.assumedState(key, value, reader), keyNode)  // "assuming"
            }
        }
        guard let radius else { throw reader.fail("radius", "is needed by 'monitor-region'", node) }
        guard let id else { throw reader.fail("id", "is needed by 'monitor-region'", node) }
        guard (latitude == nil) == (longitude == nil) else {
            throw reader.fail(latitude == nil ? "latitude" : "longitude", "is needed with '\(latitude == nil ? "longitude" : "latitude")' (or leave both out for the last fix)", node)
        }
        if let monitor {
            return .monitor(.addCondition(monitor: monitor, latitude: latitude, longitude: longitude, radius: radius, id: id, assuming: assuming?.state ?? .unknown))
        }
        if let assuming { throw reader.fail("assuming", "is a field of a CLMonitor condition: it needs 'monitor'", assuming.node) }
        return .regions(.monitor(latitude: latitude, longitude: longitude, radius: radius, id: id))
    }

    /// `stop-monitoring-region`'s value: a region identifier, or a mapping of `id` and
    /// `monitor` (a condition of the `CLMonitor` of that name).
    private static func stopMonitoringRegion(_ node: Yams.Node, _ reader: AppScriptReader) throws(ReplayError) -> AppScript.Action {
        let verb = "stop-monitoring-region"
        guard let mapping = node.mapping else {
            return .regions(.stopMonitoring(id: try reader.word(verb, node, "a region identifier, or a mapping of id and monitor")))
        }
        var (id, monitor): (String?, String?) = (nil, nil)
        for field in try reader.fields(mapping, FieldSchema(names: ["id", "monitor"], .listed("a field of '\(verb)'", suggests: false))).ordered {
            let entry = try field.get()
            switch entry.name {
            case "id": id = try reader.word(entry.name, entry.value, "a region identifier")
            default: monitor = try MonitorWords.name(entry.value, reader)  // "monitor"
            }
        }
        guard let id else { throw reader.fail("id", "is needed by '\(verb)'", node) }
        return monitor.map { .monitor(.removeCondition(monitor: $0, id: id)) } ?? .regions(.stopMonitoring(id: id))
    }
}
