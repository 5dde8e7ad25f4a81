import Foundation

/// The GPX grammar as a state machine over start-tag, end-tag and text events: turns them into
/// ``GPXEvent`` values, checks points, and records the first error.
///
/// It keeps a stack only for the GPX structure it understands (a handful of levels); any other
/// element is skipped with its whole subtree by counting depth, so hostile nesting costs an integer.
struct GPXContentHandler {
    private enum Context: UInt8 {
        case gpx, metadata, metadataAuthor, point, pointExtensions, trackPointExtension, route, track, segment
    }

    /// The element whose text is being collected.
    private enum ValueField: UInt8 {
        case metadataName, metadataDescription, metadataAuthor, metadataTime, metadataKeywords
        case pathName, pathComment, pathDescription, pathSource, pathNumber, pathType
        case elevation, time, name, comment, description, symbol, type, course, speed, fix
        case satellites, hdop, vdop, pdop
        case heartRate, cadence, airTemperature, waterTemperature, depth, garminSpeed, garminCourse, bearing

        /// The element's local name, for messages.
        var elementName: String {
            switch self {
            case .metadataName, .pathName, .name, .metadataAuthor: "name"
            case .metadataDescription, .pathDescription, .description: "desc"
            case .metadataTime, .time: "time"
            case .metadataKeywords: "keywords"
            case .pathComment, .comment: "cmt"
            case .pathSource: "src"
            case .pathNumber: "number"
            case .pathType, .type: "type"
            case .elevation: "ele"
            case .symbol: "sym"
            case .course, .garminCourse: "course"
            case .speed, .garminSpeed: "speed"
            case .fix: "fix"
            case .satellites: "sat"
            case .hdop: "hdop"
            case .vdop: "vdop"
            case .pdop: "pdop"
            case .heartRate: "hr"
            case .cadence: "cad"
            case .airTemperature: "atemp"
            case .waterTemperature: "wtemp"
            case .depth: "depth"
            case .bearing: "bearing"
            }
        }
    }

    let fileName: String
    let isLenient: Bool
    /// The longest text or attribute value kept, in bytes (``GPXReadOptions/maximumValueLength``).
    let maximumValueLength: Int

    /// Events ready for a `next()` consumer, oldest first from `nextEvent`.
    private var events: [GPXEvent] = []
    private var nextEvent = 0
    /// The first error; once set, every later event is ignored.
    private(set) var failure: GPXReadError?
    /// Whether `failure` is set; a plain flag, because the callbacks test it on every event.
    private(set) var hasFailed = false

    /// Takes each event as it is parsed, instead of queueing it; returns `false` to stop reading.
    var sink: ((GPXEvent) -> Bool)?
    /// Takes each point in place, borrowed, instead of a `GPXEvent` made for it (no copy of the
    /// point); returns `false` to stop reading. Only while `sink` is set too.
    var pointSink: ((GPXPointKind, borrowing GPXPoint) -> Bool)?
    /// Whether the sink asked to stop.
    private(set) var sinkStopped = false
    /// Whether expat should stop: an error, or a consumer that has had enough.
    var shouldStop: Bool { hasFailed || sinkStopped }

    private(set) var rootStarted = false
    private(set) var rootEnded = false
    private var contexts: [Context] = []
    private var skippedDepth = 0
    private var namespaces = NamespaceMemo()

    private var field: ValueField?
    private var fieldPosition = GPXSourcePosition(line: 0, column: 0)
    private let text = TextBuffer()

    private var metadata = GPXMetadata()
    private var metadataEmitted = false
    private var path = GPXPathInfo()
    private var pathAnnounced = false
    private var point = GPXPoint(latitude: 0, longitude: 0)
    /// Gathered aside and attached when the point ends, so that each point allocates at most once.
    private var pointDetails = GPXPointDetails()
    private var pointHasDetails = false
    private var pointGarmin = GarminTrackPointExtension()
    private var pointHasGarmin = false
    private var pointKind = GPXPointKind.waypoint
    private var pointRejected = false
    /// Where the current point's `<time>` starts, so that a consumer can name it (points out of time order).
    private(set) var pointTimePosition: GPXSourcePosition?
    private var warnedAboutZonelessTime = false
    private var dateMemo = ISO8601TimeParser.DateMemo()

    init(fileName: String, isLenient: Bool, maximumValueLength: Int = GPXReadOptions().maximumValueLength) {
        self.fileName = fileName
        self.isLenient = isLenient
        self.maximumValueLength = maximumValueLength
        events.reserveCapacity(1024)
    }

    // MARK: Consumer side

    private mutating func emit(_ event: GPXEvent) {
        if let sink {
            if !sink(event) { sinkStopped = true }
        } else {
            events.append(event)
        }
    }

    mutating func popEvent() -> GPXEvent? {
        guard nextEvent < events.count else {
            events.removeAll(keepingCapacity: true)
            nextEvent = 0
            return nil
        }
        defer { nextEvent += 1 }
        return events[nextEvent]
    }

    // MARK: Parser side

    /// `position` is called only when a place must be recorded (an error, a warning, a value's start).
    mutating func startElement(
        _ qualifiedName: UnsafePointer<CChar>,
        attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?,
        position: () -> GPXSourcePosition
    ) {
        guard !shouldStop else { return }
        if skippedDepth > 0 || field != nil {
            namespaces.noteSkipped(qualifiedName)
            skippedDepth += 1  // inside a skipped subtree, or a child of a value element
            return
        }
        let (namespace, name) = namespaces.classify(qualifiedName)
        guard let context = contexts.last else {
            startRoot(qualifiedName, namespace, name, attributes: Attributes(attributes), position: position)
            return
        }
        guard let name else {
            skippedDepth = 1
            return
        }
        if namespace.isGPX {
            startGPXElement(name, in: context, attributes: Attributes(attributes), position: position)
        } else if namespace == .garminTrackPoint {
            startGarminElement(name, in: context, position: position)
        } else {
            skippedDepth = 1
        }
    }

    private mutating func startGPXElement(
        _ name: GPXName, in context: Context, attributes: Attributes, position: () -> GPXSourcePosition
    ) {
        switch context {
        case .segment where name == .trkpt:
            beginPoint(.trackPoint, attributes: attributes, position: position)
        case .point where name == .extensions:
            contexts.append(.pointExtensions)
        case .point:
            beginValue(pointField(name), position: position)
        case .gpx where name == .wpt:
            beginPoint(.waypoint, attributes: attributes, position: position)
        case .gpx where name == .rte:
            beginPath(.route)
        case .gpx where name == .trk:
            beginPath(.track)
        case .gpx where name == .metadata:
            contexts.append(.metadata)
        case .gpx where name == .bounds, .metadata where name == .bounds:
            readBounds(attributes, position: position)
            skippedDepth = 1
        case .metadata where name == .author:
            contexts.append(.metadataAuthor)
        case .gpx, .metadata:
            // GPX 1.0 writes the metadata fields directly under <gpx>, its author as plain text.
            beginValue(metadataField(name), position: position)
        case .metadataAuthor where name == .name:
            beginValue(.metadataAuthor, position: position)
        case .route where name == .rtept:
            announcePath(.route)
            beginPoint(.routePoint, attributes: attributes, position: position)
        case .track where name == .trkseg:
            announcePath(.track)
            emit(.segmentStart)
            contexts.append(.segment)
        case .route, .track:
            beginValue(pathField(name), position: position)
        default:
            skippedDepth = 1
        }
    }

    private mutating func startGarminElement(_ name: GPXName, in context: Context, position: () -> GPXSourcePosition) {
        switch context {
        // GPX 1.0 allows extension elements directly in the point, without <extensions>.
        case .point where name == .trackPointExtension, .pointExtensions where name == .trackPointExtension:
            contexts.append(.trackPointExtension)
        case .trackPointExtension:
            beginValue(garminField(name), position: position)
        default:
            skippedDepth = 1
        }
    }

    mutating func endElement() {
        guard !shouldStop else { return }
        if skippedDepth > 0 {
            skippedDepth -= 1
            return
        }
        if let field {
            self.field = nil
            finishValue(field)
            return
        }
        guard let context = contexts.popLast() else { return }
        switch context {
        case .gpx:
            emitMetadataIfNeeded()
            rootEnded = true
        case .point:
            endPoint()
        case .route:
            announcePath(.route)
            emit(.routeEnd(path))
        case .track:
            announcePath(.track)
            emit(.trackEnd(path))
        case .segment:
            emit(.segmentEnd)
        case .metadata, .metadataAuthor, .pointExtensions, .trackPointExtension:
            break
        }
    }

    /// Whether text is wanted now; the parser delivers character data only then.
    var isCollectingText: Bool { field != nil && skippedDepth == 0 && !shouldStop }

    /// Collects a piece of a value's text; `false` once the value is too long (the read has failed).
    mutating func characters(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let field, skippedDepth == 0, !shouldStop else { return true }
        // Bounded, so that a 2 GB <desc> (or one inflated by entities) costs no more than the limit.
        guard text.count + bytes.count <= maximumValueLength else {
            fail(.valueTooLong, "<\(field.elementName)> is longer than the limit of \(maximumValueLength) bytes", at: fieldPosition)
            return false
        }
        text.append(bytes)
        return true
    }

    /// A namespace declaration begins: see ``NamespaceMemo``.
    mutating func namespaceDeclared() {
        namespaces.forgetAll()
    }

    /// Records an error found outside the grammar (by expat, or by reading the file).
    mutating func fail(_ error: GPXReadError) {
        guard !hasFailed else { return }
        failure = error
        hasFailed = true
    }

    // MARK: Structure

    private mutating func startRoot(
        _ qualifiedName: UnsafePointer<CChar>, _ namespace: GPXNamespace, _ name: GPXName?,
        attributes: Attributes, position: () -> GPXSourcePosition
    ) {
        guard name == .gpx, namespace.isGPX else {
            let found = ElementNameClassifier.displayName(qualifiedName)
            fail(.notGPX, "the root element is <\(found)>, not <gpx>: this is not a GPX file", at: position())
            return
        }
        rootStarted = true
        contexts.append(.gpx)
        let versionValue = attribute("version", of: "gpx", in: attributes, position: position)
        let creatorValue = attribute("creator", of: "gpx", in: attributes, position: position)
        guard !shouldStop else { return }
        let version = versionValue.map { String(decoding: $0, as: UTF8.self) } ?? namespace.impliedVersion
        emit(.header(version: version, creator: creatorValue.map { String(decoding: $0, as: UTF8.self) }))
    }

    private mutating func beginPath(_ kind: Context) {
        emitMetadataIfNeeded()
        path = GPXPathInfo()
        pathAnnounced = false
        contexts.append(kind)
    }

    private mutating func announcePath(_ kind: Context) {
        guard !pathAnnounced else { return }
        pathAnnounced = true
        emit(kind == .route ? .routeStart(path) : .trackStart(path))
    }

    private mutating func emitMetadataIfNeeded() {
        guard !metadataEmitted else { return }
        metadataEmitted = true
        emit(.metadata(metadata))
    }

    // MARK: Points

    private mutating func beginPoint(
        _ kind: GPXPointKind, attributes: Attributes, position: () -> GPXSourcePosition
    ) {
        // Nothing of an earlier point, kept or refused, may carry over into this one.
        if pointHasDetails {
            pointDetails = GPXPointDetails()
            pointHasDetails = false
        }
        if pointHasGarmin {
            pointGarmin = GarminTrackPointExtension()
            pointHasGarmin = false
        }
        if kind == .waypoint { emitMetadataIfNeeded() }
        let element = kind == .waypoint ? "wpt" : kind == .routePoint ? "rtept" : "trkpt"
        // Looked up here, where the names are constants that the look-up unrolls against.
        let latitudeText = attributes.value("lat"), longitudeText = attributes.value("lon")
        let latitude = coordinate(
            latitudeText, "lat", of: element, range: -90...90, position: position)
        guard !shouldStop else { return }
        let longitude = latitude == nil
            ? nil : coordinate(longitudeText, "lon", of: element, range: -180...180, position: position)
        guard !shouldStop else { return }
        guard let latitude, let longitude else {
            skippedDepth = 1  // a lenient read skips the whole point
            return
        }
        point = GPXPoint(latitude: latitude, longitude: longitude)
        pointTimePosition = nil
        pointKind = kind
        pointRejected = false
        contexts.append(.point)
    }

    /// Reads `lat` or `lon`; on a bad value fails (strict) or warns and returns `nil` (lenient).
    private mutating func coordinate(
        _ text: UnsafeBufferPointer<UInt8>?, _ attribute: StaticString, of element: String,
        range: ClosedRange<Double>, position: () -> GPXSourcePosition
    ) -> Double? {
        guard let raw = checkedLength(text, attribute, of: element, position: position) else {
            if !shouldStop {
                rejectPoint(.missingCoordinate, "<\(element)> has no \(attribute) attribute", at: position())
            }
            return nil
        }
        guard let value = DecimalParser.double(UnsafeRawBufferPointer(raw)) else {
            let bytes = UnsafeRawBufferPointer(raw)
            let message = "<\(element)> \(attribute)=\"\(Self.shown(bytes))\" \(DecimalParser.refusal(bytes))"
            rejectPoint(.invalidCoordinate, message, at: position())
            return nil
        }
        guard range.contains(value) else {
            let bounds = "\(Self.format(range.lowerBound))…\(Self.format(range.upperBound))"
            let label = range.upperBound == 90 ? "latitude" : "longitude"
            rejectPoint(
                .coordinateOutOfRange,
                "<\(element)> \(label) \(Self.format(value)) is outside \(bounds)", at: position())
            return nil
        }
        return value
    }

    /// An attribute's raw value; one longer than ``maximumValueLength`` fails the read.
    private mutating func attribute(
        _ name: StaticString, of element: String, in attributes: Attributes, position: () -> GPXSourcePosition
    ) -> UnsafeBufferPointer<UInt8>? {
        checkedLength(attributes.value(name), name, of: element, position: position)
    }

    /// An attribute's value found by its caller; one longer than ``maximumValueLength`` fails the read.
    private mutating func checkedLength(
        _ value: UnsafeBufferPointer<UInt8>?, _ name: StaticString, of element: String, position: () -> GPXSourcePosition
    ) -> UnsafeBufferPointer<UInt8>? {
        guard let value else { return nil }
        guard value.count <= maximumValueLength else {
            fail(.valueTooLong, "<\(element)> \(name) is longer than the limit of \(maximumValueLength) bytes", at: position())
            return nil
        }
        return value
    }

    private mutating func endPoint() {
        guard !pointRejected else { return }
        if pointHasDetails {
            point.details = pointDetails
            pointDetails = GPXPointDetails()
            pointHasDetails = false
        }
        if pointHasGarmin {
            point.garmin = pointGarmin
            pointGarmin = GarminTrackPointExtension()
        }
        if let pointSink {
            if !pointSink(pointKind, point) { sinkStopped = true }
            return
        }
        switch pointKind {
        case .waypoint: emit(.waypoint(point))
        case .routePoint: emit(.routePoint(point))
        case .trackPoint: emit(.trackPoint(point))
        }
    }

    /// Strict: the error. Lenient: a warning naming the skipped point; the caller drops it.
    private mutating func rejectPoint(_ kind: GPXReadError.Kind, _ message: String, at position: GPXSourcePosition) {
        if isLenient {
            warn("skipped point: \(message)", at: position)
            pointRejected = true
        } else {
            fail(kind, message, at: position)
        }
    }

    // MARK: Values

    private mutating func beginValue(_ field: ValueField?, position: () -> GPXSourcePosition) {
        guard let field else {
            skippedDepth = 1
            return
        }
        self.field = field
        fieldPosition = position()
        text.reset()
    }

    private func metadataField(_ name: GPXName) -> ValueField? {
        switch name {
        case .name: .metadataName
        case .desc: .metadataDescription
        case .author: .metadataAuthor
        case .time: .metadataTime
        case .keywords: .metadataKeywords
        default: nil
        }
    }

    private func pathField(_ name: GPXName) -> ValueField? {
        switch name {
        case .name: .pathName
        case .cmt: .pathComment
        case .desc: .pathDescription
        case .src: .pathSource
        case .number: .pathNumber
        case .type: .pathType
        default: nil
        }
    }

    private func pointField(_ name: GPXName) -> ValueField? {
        switch name {
        case .ele: .elevation
        case .time: .time
        case .name: .name
        case .cmt: .comment
        case .desc: .description
        case .sym: .symbol
        case .type: .type
        case .course: .course
        case .speed: .speed
        case .fix: .fix
        case .sat: .satellites
        case .hdop: .hdop
        case .vdop: .vdop
        case .pdop: .pdop
        default: nil
        }
    }

    private func garminField(_ name: GPXName) -> ValueField? {
        switch name {
        case .hr: .heartRate
        case .cad: .cadence
        case .atemp: .airTemperature
        case .wtemp: .waterTemperature
        case .depth: .depth
        case .speed: .garminSpeed
        case .course: .garminCourse
        case .bearing: .bearing
        default: nil
        }
    }

    private mutating func finishValue(_ field: ValueField) {
        finishValue(field, text.bytes)
    }

    private mutating func finishValue(_ field: ValueField, _ bytes: UnsafeRawBufferPointer) {
        switch field {
        case .metadataName: metadata.name = string(bytes)
        case .metadataDescription: metadata.description = string(bytes)
        case .metadataAuthor: metadata.author = string(bytes)
        case .metadataKeywords: metadata.keywords = string(bytes)
        case .metadataTime: metadata.time = time(bytes, inPoint: false)
        case .pathName: path.name = string(bytes)
        case .pathComment: path.comment = string(bytes)
        case .pathDescription: path.description = string(bytes)
        case .pathSource: path.source = string(bytes)
        case .pathType: path.type = string(bytes)
        case .pathNumber: path.number = integer(bytes, "number")
        case .elevation: point.elevation = number(bytes, "ele")
        case .time:
            point.time = time(bytes, inPoint: true)
            pointTimePosition = fieldPosition
        case .name: point.name = string(bytes)
        case .course: point.course = number(bytes, "course")
        case .speed: point.speed = number(bytes, "speed")
        case .comment: Self.assign(string(bytes), to: &pointDetails, marking: &pointHasDetails) { $0.comment = $1 }
        case .description: Self.assign(string(bytes), to: &pointDetails, marking: &pointHasDetails) { $0.description = $1 }
        case .symbol: Self.assign(string(bytes), to: &pointDetails, marking: &pointHasDetails) { $0.symbol = $1 }
        case .type: Self.assign(string(bytes), to: &pointDetails, marking: &pointHasDetails) { $0.type = $1 }
        case .fix: Self.assign(fix(bytes), to: &pointDetails, marking: &pointHasDetails) { $0.fix = $1 }
        case .satellites: Self.assign(integer(bytes, "sat"), to: &pointDetails, marking: &pointHasDetails) { $0.satellites = $1 }
        case .hdop: Self.assign(number(bytes, "hdop"), to: &pointDetails, marking: &pointHasDetails) { $0.horizontalDilution = $1 }
        case .vdop: Self.assign(number(bytes, "vdop"), to: &pointDetails, marking: &pointHasDetails) { $0.verticalDilution = $1 }
        case .pdop: Self.assign(number(bytes, "pdop"), to: &pointDetails, marking: &pointHasDetails) { $0.positionDilution = $1 }
        case .heartRate: Self.assign(integer(bytes, "hr"), to: &pointGarmin, marking: &pointHasGarmin) { $0.heartRate = $1 }
        case .cadence: Self.assign(integer(bytes, "cad"), to: &pointGarmin, marking: &pointHasGarmin) { $0.cadence = $1 }
        case .airTemperature: Self.assign(number(bytes, "atemp"), to: &pointGarmin, marking: &pointHasGarmin) { $0.airTemperature = $1 }
        case .waterTemperature: Self.assign(number(bytes, "wtemp"), to: &pointGarmin, marking: &pointHasGarmin) { $0.waterTemperature = $1 }
        case .depth: Self.assign(number(bytes, "depth"), to: &pointGarmin, marking: &pointHasGarmin) { $0.depth = $1 }
        case .garminSpeed: Self.assign(number(bytes, "speed"), to: &pointGarmin, marking: &pointHasGarmin) { $0.speed = $1 }
        case .garminCourse: Self.assign(number(bytes, "course"), to: &pointGarmin, marking: &pointHasGarmin) { $0.course = $1 }
        case .bearing: Self.assign(number(bytes, "bearing"), to: &pointGarmin, marking: &pointHasGarmin) { $0.bearing = $1 }
        }
    }

    /// Stores a parsed value in the point's details or Garmin values, and notes that there are some.
    private static func assign<Target, Value>(
        _ value: Value?, to target: inout Target, marking present: inout Bool, _ set: (inout Target, Value) -> Void
    ) {
        guard let value else { return }
        set(&target, value)
        present = true
    }

    private func string(_ bytes: UnsafeRawBufferPointer) -> String? {
        let trimmed = ASCII.trimmed(bytes)
        return trimmed.isEmpty ? nil : String(decoding: trimmed, as: UTF8.self)
    }

    /// An optional number: empty is absent; garbage is dropped with a warning, the point kept.
    private mutating func number(_ bytes: UnsafeRawBufferPointer, _ element: String) -> Double? {
        if ASCII.isBlank(bytes) { return nil }
        if let value = DecimalParser.double(bytes) { return value }
        warnIgnored(element, bytes, DecimalParser.refusal(bytes))
        return nil
    }

    private mutating func integer(_ bytes: UnsafeRawBufferPointer, _ element: String) -> Int? {
        if ASCII.isBlank(bytes) { return nil }
        if let value = DecimalParser.integer(bytes) { return value }
        warnIgnored(element, bytes, "is not a whole number")
        return nil
    }

    private mutating func fix(_ bytes: UnsafeRawBufferPointer) -> GPXFix? {
        guard let text = string(bytes) else { return nil }
        if let fix = GPXFix(rawValue: text) { return fix }
        warnIgnored("fix", bytes, "is not one of none, 2d, 3d, dgps, pps")
        return nil
    }

    /// A `<time>`; an unparseable one fails the read (strict) or skips the point (lenient).
    private mutating func time(_ bytes: UnsafeRawBufferPointer, inPoint: Bool) -> GPXTime? {
        if ASCII.isBlank(bytes) { return nil }
        let message: String
        switch ISO8601TimeParser.parseChecked(bytes, memo: &dateMemo) {
        case .success(let time):
            if !time.hasTimeZone && !warnedAboutZonelessTime {
                warnedAboutZonelessTime = true
                warn("<time> \"\(Self.shown(bytes))\" has no time zone: read as UTC (said once per file)", at: fieldPosition)
            }
            return time
        case .failure(.outsideReadableYears):
            message = "<time> \"\(Self.shown(bytes))\" is outside the years 0000…9999 (in UTC)"
        case .failure(.notISO8601):
            message = "<time> \"\(Self.shown(bytes))\" is not an ISO 8601 date-time"
        }
        if inPoint {
            rejectPoint(.invalidTime, message, at: fieldPosition)
        } else if isLenient {
            warn("ignored metadata \(message)", at: fieldPosition)
        } else {
            fail(.invalidTime, message, at: fieldPosition)
        }
        return nil
    }

    private mutating func readBounds(_ attributes: Attributes, position: () -> GPXSourcePosition) {
        let names: [StaticString] = ["minlat", "minlon", "maxlat", "maxlon"]
        var values: [Double?] = []
        for name in names {
            let value = attribute(name, of: "bounds", in: attributes, position: position)
            guard !shouldStop else { return }
            values.append(value.flatMap { DecimalParser.double(UnsafeRawBufferPointer($0)) })
        }
        guard let minLat = values[0], let minLon = values[1], let maxLat = values[2], let maxLon = values[3] else {
            warn("ignored <bounds>: it needs numeric minlat, minlon, maxlat and maxlon", at: position())
            return
        }
        metadata.bounds = GPXBounds(minLatitude: minLat, minLongitude: minLon, maxLatitude: maxLat, maxLongitude: maxLon)
    }

    // MARK: Reporting

    private mutating func warnIgnored(_ element: String, _ bytes: UnsafeRawBufferPointer, _ reason: String) {
        warn("ignored <\(element)> \"\(Self.shown(bytes))\": it \(reason)", at: fieldPosition)
    }

    private mutating func warn(_ message: String, at position: GPXSourcePosition) {
        emit(.warning(GPXWarning(position: position, message: message)))
    }

    private mutating func fail(_ kind: GPXReadError.Kind, _ message: String, at position: GPXSourcePosition) {
        fail(GPXReadError(kind: kind, file: fileName, position: position, message: message))
    }

    /// A value as it appears in a message: trimmed and cut short.
    private static func shown(_ bytes: UnsafeRawBufferPointer) -> String {
        let text = String(decoding: ASCII.trimmed(bytes), as: UTF8.self)
        return text.count > 40 ? text.prefix(40) + "…" : text
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// The NULL-terminated name/value array expat passes to a start handler.
struct Attributes {
    private let pairs: UnsafeMutablePointer<UnsafePointer<CChar>?>?

    init(_ pairs: UnsafeMutablePointer<UnsafePointer<CChar>?>?) { self.pairs = pairs }

    /// The raw bytes of an unprefixed attribute's value.
    ///
    /// Inlined, so that each name's comparison is unrolled against its constant bytes.
    @inline(__always)
    func value(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard let pairs else { return nil }
        var index = 0
        while let attributeName = pairs[index] {
            if Self.isNamed(attributeName, name), let value = pairs[index + 1] {
                let bytes = UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self)
                return UnsafeBufferPointer(start: bytes, count: strlen(value))
            }
            index += 2
        }
        return nil
    }

    /// Compares in place: a mismatch (at the latest the terminating NUL) ends the loop early.
    @inline(__always)
    private static func isNamed(_ attributeName: UnsafePointer<CChar>, _ name: StaticString) -> Bool {
        let expected = name.utf8Start
        for index in 0..<name.utf8CodeUnitCount where UInt8(bitPattern: attributeName[index]) != expected[index] {
            return false
        }
        return attributeName[name.utf8CodeUnitCount] == 0
    }
}
