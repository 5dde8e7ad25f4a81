import Foundation

/// Reads a GPX file point by point, never holding more than one chunk of it.
///
/// Bytes go from the file to libexpat in chunks of ``GPXReadOptions/chunkSize``; each call to
/// ``next()`` returns the next ``GPXEvent`` in document order, reading more only when the events
/// of the last chunk are used up. Memory stays flat whatever the file's size: a value or a piece
/// of markup longer than ``GPXReadOptions/maximumValueLength`` fails the read.
///
/// ```swift
/// let reader = try GPXStreamReader(contentsOf: "ride.gpx")
/// var points = 0
/// while let event = try reader.next() {
///     if case .trackPoint = event { points += 1 }
/// }
/// ```
///
/// Events that precede an error are delivered before the error is thrown.
///
/// ``forEachEvent(_:)`` does the same without a queue, handing each event to a closure as libexpat
/// reports it; it is the faster of the two, and what ``GPXReader`` and ``GPXSummary`` use.
public final class GPXStreamReader {
    /// The file's name as given; errors and warnings carry it.
    public let fileName: String
    /// How the file is read.
    public let options: GPXReadOptions

    private enum Source {
        case file(descriptor: Int32)
        case bytes([UInt8], offset: Int)
    }

    private let parser: ExpatParser
    private var source: Source
    private let chunkSize: Int
    /// Bytes to hand expat next: a chunk, or more while expat holds a long unfinished token, so that
    /// its rescans of that token (expat 2.5 repeats them on every call) add up to linear time.
    private var feedSize: Int
    private var finished = false
    private var sawContent = false
    /// The file's first bytes, to name what it is when it is not XML (``GPXForeignFormat``).
    private var head: [UInt8] = []
    /// Bytes read from the input so far, for progress reports.
    public private(set) var bytesRead = 0

    /// Where the `<time>` of the point last handed out starts; `nil` when it had none. Read it
    /// inside ``forEachEvent(_:)``'s body, while the point is the current event: a consumer that
    /// finds a point's time out of order can name the place.
    public var timePositionOfCurrentPoint: GPXSourcePosition? { parser.state.pointee.handler.pointTimePosition }
    private var pendingError: GPXReadError?

    /// Opens a file for reading.
    /// - Throws: ``GPXReadError`` of kind ``GPXReadError/Kind/unreadable`` if it cannot be opened,
    ///   or is not a regular file (a FIFO, a device, a directory, a socket): a FIFO without a
    ///   writer would block forever, a device may never end.
    public init(contentsOf path: String, options: GPXReadOptions = GPXReadOptions()) throws(GPXReadError) {
        // Non-blocking, so that opening a FIFO that has no writer returns at once; a name that
        // is not UTF-8 opens the file it names (FileName).
        let descriptor: Int32
        switch FileName.openRegularFile(path) {
        case .success(let opened): descriptor = opened
        case .failure(let error): throw GPXReadError(kind: .unreadable, file: path, position: nil, message: error.description)
        }
        fileName = path
        self.options = options
        source = .file(descriptor: descriptor)
        chunkSize = options.chunkSize
        // The first feed holds the whole head a foreign format is named from, whatever the
        // chunk size: expat may stop at its first bytes, and the name must not depend on where.
        feedSize = max(options.chunkSize, GPXForeignFormat.headLength)
        parser = ExpatParser(fileName: path, options: options)
    }

    /// Reads a document already in memory; `name` stands for the file in messages.
    public init(bytes: [UInt8], name: String = "<memory>", options: GPXReadOptions = GPXReadOptions()) {
        fileName = name
        self.options = options
        source = .bytes(bytes, offset: 0)
        chunkSize = options.chunkSize
        // The first feed holds the whole head a foreign format is named from, whatever the
        // chunk size: expat may stop at its first bytes, and the name must not depend on where.
        feedSize = max(options.chunkSize, GPXForeignFormat.headLength)
        parser = ExpatParser(fileName: name, options: options)
    }

    deinit {
        if case .file(let descriptor) = source { close(descriptor) }
    }

    /// The next event, or `nil` after the end of the document.
    /// - Throws: ``GPXReadError`` for malformed XML, a file that is not GPX, or (unless lenient) an invalid point.
    public func next() throws(GPXReadError) -> GPXEvent? {
        while true {
            if let event = parser.state.pointee.handler.popEvent() { return event }
            if let error = pendingError {
                pendingError = nil
                finished = true
                throw error
            }
            if finished { return nil }
            readNextChunk()
        }
    }

    /// Reads the rest of the file, handing each event to `body` as it is parsed.
    ///
    /// ```swift
    /// var heartRates: [Int] = []
    /// try GPXStreamReader(contentsOf: "ride.gpx").forEachEvent { event in
    ///     if case .trackPoint(let point) = event, let hr = point.garmin?.heartRate { heartRates.append(hr) }
    /// }
    /// ```
    /// - Throws: what `body` throws (reading stops there), or a ``GPXReadError`` after the events before it.
    public func forEachEvent(_ body: (GPXEvent) throws -> Void) throws {
        var thrown: (any Error)?
        try readAll { event in Self.keepsReading(after: { try body(event) }, thrown: &thrown) }
        if let thrown { throw thrown }
    }

    /// Reads the rest of the file as ``forEachEvent(_:)`` does, but hands each point (waypoint,
    /// route point, track point) to `point` in place, borrowed, instead of making a ``GPXEvent``
    /// for it: the point is not copied unless `point` copies it. Every other event goes to `body`.
    ///
    /// ```swift
    /// var heartRates: [Int] = []
    /// try GPXStreamReader(contentsOf: "ride.gpx").forEachEvent({ _ in }, point: { kind, point in
    ///     if kind == .trackPoint, let hr = point.garmin?.heartRate { heartRates.append(hr) }
    /// })
    /// ```
    /// ``timePositionOfCurrentPoint`` names the point's `<time>` while `point` runs.
    /// - Throws: what a closure throws (reading stops there), or a ``GPXReadError`` after the events before it.
    public func forEachEvent(
        _ body: (GPXEvent) throws -> Void, point: (GPXPointKind, borrowing GPXPoint) throws -> Void
    ) throws {
        var thrown: (any Error)?
        try readAll({ event in Self.keepsReading(after: { try body(event) }, thrown: &thrown) },
                    points: { kind, value in Self.keepsReading(after: { try point(kind, value) }, thrown: &thrown) })
        if let thrown { throw thrown }
    }

    /// Runs a caller's closure for the reading loop: `false` (stop reading) once it throws, its error kept in `thrown`.
    private static func keepsReading(after body: () throws -> Void, thrown: inout (any Error)?) -> Bool {
        do {
            try body()
            return true
        } catch {
            thrown = error
            return false
        }
    }

    /// Hands each remaining event to `sink` until it returns `false`; throws only the file's own errors.
    /// Once `sink` has declined an event, reading is over.
    func readAll(_ sink: (GPXEvent) -> Bool) throws(GPXReadError) {
        while let queued = parser.state.pointee.handler.popEvent() {
            guard sink(queued) else { return stop() }
        }
        withoutActuallyEscaping(sink) { sink in
            parser.state.pointee.handler.sink = sink
            readUntilStopped()
            parser.state.pointee.handler.sink = nil
        }
        if parser.state.pointee.handler.sinkStopped { return stop() }
        // Only a pending error can remain: `next()` throws it.
        while let event = try next() {
            guard sink(event) else { return stop() }
        }
    }

    /// As ``readAll(_:)``, with each point to `points` in place (see ``forEachEvent(_:point:)``);
    /// `points` returns `false` to stop as `sink` does.
    func readAll(_ sink: (GPXEvent) -> Bool, points: (GPXPointKind, borrowing GPXPoint) -> Bool) throws(GPXReadError) {
        // Events queued by `next()` before this call were made as events; their points go to `points`.
        func deliver(_ event: GPXEvent) -> Bool {
            switch event {
            case .waypoint(let point): points(.waypoint, point)
            case .routePoint(let point): points(.routePoint, point)
            case .trackPoint(let point): points(.trackPoint, point)
            case .header, .metadata, .routeStart, .routeEnd, .trackStart, .segmentStart, .segmentEnd, .trackEnd, .warning:
                sink(event)
            }
        }
        while let queued = parser.state.pointee.handler.popEvent() {
            guard deliver(queued) else { return stop() }
        }
        withoutActuallyEscaping(sink) { sink in
            withoutActuallyEscaping(points) { points in
                parser.state.pointee.handler.sink = sink
                parser.state.pointee.handler.pointSink = points
                readUntilStopped()
                parser.state.pointee.handler.pointSink = nil
                parser.state.pointee.handler.sink = nil
            }
        }
        if parser.state.pointee.handler.sinkStopped { return stop() }
        // Only a pending error can remain: `next()` throws it.
        while let event = try next() {
            guard deliver(event) else { return stop() }
        }
    }

    private func readUntilStopped() {
        while !finished && pendingError == nil && !parser.state.pointee.handler.sinkStopped { readNextChunk() }
    }

    private func stop() {
        finished = true
        pendingError = nil
    }

    /// Feeds expat one more chunk, or the end of input; records an error in `pendingError`.
    private func readNextChunk() {
        var succeeded: Bool
        var isFinal: Bool
        switch source {
        case .file(let descriptor):
            guard let buffer = parser.buffer(length: feedSize) else {
                pendingError = GPXReadError(kind: .unreadable, file: fileName, position: nil, message: "out of memory")
                return
            }
            var count: Int
            repeat { count = read(descriptor, buffer, feedSize) } while count < 0 && errno == EINTR
            // A short read (a pipe) must not cut the head short: read on until it is whole.
            while count > 0, head.count + count < GPXForeignFormat.headLength, count < feedSize {
                var more: Int
                repeat { more = read(descriptor, buffer + count, feedSize - count) } while more < 0 && errno == EINTR
                guard more > 0 else {
                    if more < 0 { count = more }
                    break
                }
                count += more
            }
            guard count >= 0 else {
                pendingError = GPXReadError(
                    kind: .unreadable, file: fileName, position: nil,
                    message: "cannot read: \(String(cString: strerror(errno)))")
                return
            }
            noteContent(UnsafeRawBufferPointer(start: buffer, count: count))
            bytesRead += count
            isFinal = count == 0
            succeeded = parser.parseBuffer(length: count, isFinal: isFinal)
        case .bytes(let bytes, let offset):
            let end = min(offset + feedSize, bytes.count)
            isFinal = offset == end  // the end of input goes to expat in a call of its own
            succeeded = bytes.withUnsafeBytes { all in
                let chunk = UnsafeRawBufferPointer(rebasing: all[offset..<end])
                noteContent(chunk)
                return parser.parse(chunk, isFinal: isFinal)
            }
            source = .bytes(bytes, offset: end)
        }
        if parser.state.pointee.handler.sinkStopped {
            return  // the consumer stopped reading; not an error of the file's
        } else if !succeeded || parser.state.pointee.handler.hasFailed {
            pendingError = error(atEndOfInput: isFinal)
        } else if isFinal {
            finished = true
        } else {
            checkUnfinishedToken()
        }
    }

    /// Fails once expat holds an unfinished token longer than the limit; else sizes the next feed.
    private func checkUnfinishedToken() {
        let unparsed = parser.unparsedByteCount
        guard unparsed <= options.maximumValueLength else {
            let what = parser.unparsedTokenDescription
            pendingError = GPXReadError(
                kind: .valueTooLong, file: fileName, position: parser.currentPosition,
                message: "\(what) is longer than the limit of \(options.maximumValueLength) bytes")
            return
        }
        feedSize = max(chunkSize, unparsed)
    }

    private func noteContent(_ chunk: UnsafeRawBufferPointer) {
        if !sawContent { sawContent = !ASCII.isBlank(chunk) }
        if head.count < GPXForeignFormat.headLength { head += chunk.prefix(GPXForeignFormat.headLength - head.count) }
    }

    /// The error to report once expat has stopped: the grammar's own, or expat's, named for what it means.
    private func error(atEndOfInput: Bool) -> GPXReadError {
        let handler = parser.state.pointee.handler
        if var failure = handler.failure {
            if failure.kind == .notGPX { failure.foreignFormat = GPXForeignFormat.sniff(head) }
            return failure
        }
        let expat = parser.expatError
        // XML that breaks before its root starts, and starts like another format: named as that.
        if !handler.rootStarted, sawContent, expat.code != ExpatParser.amplificationLimitBreachCode,
           let format = GPXForeignFormat.sniff(head) {
            return GPXReadError(kind: .notGPX, file: fileName, position: GPXSourcePosition(line: 1, column: 1),
                                message: "this is \(format), not GPX", foreignFormat: format)
        }
        let kind: GPXReadError.Kind
        var message = expat.message
        if atEndOfInput && !sawContent {
            kind = .empty
            message = "the file is empty"
        } else if atEndOfInput && handler.rootStarted && !handler.rootEnded {
            kind = .truncated
            message = "the file ends before the document does (truncated?): \(expat.message)"
        } else if expat.code == ExpatParser.amplificationLimitBreachCode {
            kind = .entityExpansionLimit
            message = "\(expat.message): entity expansion stopped (an entity-expansion attack?)"
        } else {
            kind = .notWellFormed(expatCode: expat.code)
        }
        return GPXReadError(kind: kind, file: fileName, position: expat.position, message: message)
    }
}
