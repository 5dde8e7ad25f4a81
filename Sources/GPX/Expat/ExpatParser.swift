import CExpat
import Foundation

/// Owns one libexpat parser and feeds it bytes; its callbacks drive a ``GPXContentHandler``.
///
/// Expat's handlers are C function pointers, so they capture nothing: they reach the handler
/// through the parser's user data, a pointer to ``CallbackState`` that lives as long as the parser.
/// Going through a pointer (not a retained object) keeps reference counting out of the per-event path.
final class ExpatParser {
    struct CallbackState {
        let parser: XML_Parser
        var handler: GPXContentHandler
        /// Whether the character-data callback is installed: only while the handler collects a
        /// value, so the white space between elements never leaves expat.
        var receivesText = false

        mutating func updateTextDelivery() {
            let wanted = handler.isCollectingText
            guard wanted != receivesText else { return }
            receivesText = wanted
            XML_SetCharacterDataHandler(parser, wanted ? characterDataCallback : nil)
        }
    }

    private let parser: XML_Parser
    let state: UnsafeMutablePointer<CallbackState>
    /// Bytes handed to expat so far.
    private var bytesParsed = 0

    init(fileName: String, options: GPXReadOptions) {
        parser = XML_ParserCreateNS(nil, ElementNameClassifier.separator)
        state = .allocate(capacity: 1)
        state.initialize(to: CallbackState(
            parser: parser,
            handler: GPXContentHandler(
                fileName: fileName, isLenient: options.isLenient, maximumValueLength: options.maximumValueLength)))
        XML_SetUserData(parser, UnsafeMutableRawPointer(state))
        XML_SetElementHandler(parser, startElementCallback, endElementCallback)
        XML_SetStartNamespaceDeclHandler(parser, namespaceDeclarationCallback)
        XML_SetUnknownEncodingHandler(parser, unknownEncodingCallback, nil)
        // External entities are never loaded: no external-entity handler is set and parameter
        // entities stay off (expat's default). Entity amplification stays limited:
        XML_SetBillionLaughsAttackProtectionMaximumAmplification(parser, options.maximumAmplification)
        XML_SetBillionLaughsAttackProtectionActivationThreshold(
            parser, CUnsignedLongLong(options.amplificationActivationThreshold))
        // On expat 2.5 this does nothing; the stream reader's feed sizes keep rescans linear there.
        _ = keepalive_set_reparse_deferral(parser, 1)
    }

    deinit {
        XML_ParserFree(parser)
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// A buffer inside expat to read the next `length` bytes into, avoiding a copy.
    func buffer(length: Int) -> UnsafeMutableRawPointer? {
        XML_GetBuffer(parser, Int32(length))
    }

    /// Parses `length` bytes just written into ``buffer(length:)``; `false` if parsing stopped with an error.
    func parseBuffer(length: Int, isFinal: Bool) -> Bool {
        bytesParsed += length
        return XML_ParseBuffer(parser, Int32(length), isFinal ? 1 : 0) == XML_STATUS_OK
    }

    /// Parses bytes the caller holds; `false` if parsing stopped with an error.
    func parse(_ bytes: UnsafeRawBufferPointer, isFinal: Bool) -> Bool {
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        bytesParsed += bytes.count
        return XML_Parse(parser, base, Int32(bytes.count), isFinal ? 1 : 0) == XML_STATUS_OK
    }

    /// Bytes expat holds but has not yet parsed: the unfinished token at the end of the input so far.
    ///
    /// Valid right after a successful parse (before the next ``buffer(length:)``, which may move
    /// expat's buffer): expat's current event is then the start of that token.
    var unparsedByteCount: Int {
        let index = Int(XML_GetCurrentByteIndex(parser))
        return index < 0 ? 0 : max(0, bytesParsed - index)
    }

    /// What the unfinished token is, from its first bytes; for messages.
    var unparsedTokenDescription: String {
        var offset: Int32 = 0
        var size: Int32 = 0
        guard let context = XML_GetInputContext(parser, &offset, &size), size - offset >= 4 else {
            return "a piece of markup"
        }
        let start = UnsafeRawPointer(context + Int(offset)).assumingMemoryBound(to: UInt8.self)
        guard start[0] == UInt8(ascii: "<") else { return "a piece of markup" }
        switch (start[1], start[2], start[3]) {
        case (UInt8(ascii: "!"), UInt8(ascii: "-"), UInt8(ascii: "-")): return "a comment"
        case (UInt8(ascii: "!"), _, _): return "a declaration"
        case (UInt8(ascii: "?"), _, _): return "a processing instruction"
        case (UInt8(ascii: "/"), _, _): return "an end tag"
        default: return "a start tag (with its attributes)"
        }
    }

    /// Where expat's current event starts; see ``unparsedByteCount`` for when that is the unfinished token.
    var currentPosition: GPXSourcePosition { ExpatParser.position(parser) }

    /// expat's own error after `parse` returned `false`: code, message and position.
    var expatError: (code: Int, message: String, position: GPXSourcePosition) {
        let code = XML_GetErrorCode(parser)
        let message = XML_ErrorString(code).map { String(cString: $0) } ?? "unknown XML error"
        return (Int(code.rawValue), message, ExpatParser.position(parser))
    }

    /// expat's code for "limit on input amplification factor (from DTD and entities) breached".
    static let amplificationLimitBreachCode = Int(XML_ERROR_AMPLIFICATION_LIMIT_BREACH.rawValue)

    /// Where expat is now; its columns count from 0, ours from 1.
    static func position(_ parser: XML_Parser) -> GPXSourcePosition {
        GPXSourcePosition(
            line: Int(XML_GetCurrentLineNumber(parser)),
            column: Int(XML_GetCurrentColumnNumber(parser)) + 1)
    }
}

private func callbackState(_ userData: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<ExpatParser.CallbackState> {
    userData.unsafelyUnwrapped.assumingMemoryBound(to: ExpatParser.CallbackState.self)
}

private func startElementCallback(
    _ userData: UnsafeMutableRawPointer?, _ name: UnsafePointer<CChar>?,
    _ attributes: UnsafeMutablePointer<UnsafePointer<CChar>?>?
) {
    let state = callbackState(userData)
    let parser = state.pointee.parser
    state.pointee.handler.startElement(
        name.unsafelyUnwrapped, attributes: attributes, position: { ExpatParser.position(parser) })
    if state.pointee.handler.shouldStop { XML_StopParser(parser, 0) }
    state.pointee.updateTextDelivery()
}

private func endElementCallback(_ userData: UnsafeMutableRawPointer?, _ name: UnsafePointer<CChar>?) {
    let state = callbackState(userData)
    state.pointee.handler.endElement()
    // A value (a <time>) is checked when its element ends.
    if state.pointee.handler.shouldStop { XML_StopParser(state.pointee.parser, 0) }
    state.pointee.updateTextDelivery()
}

private func namespaceDeclarationCallback(
    _ userData: UnsafeMutableRawPointer?, _ prefix: UnsafePointer<CChar>?, _ uri: UnsafePointer<CChar>?
) {
    callbackState(userData).pointee.handler.namespaceDeclared()
}

private func characterDataCallback(_ userData: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?, _ length: Int32) {
    let state = callbackState(userData)
    // `false`: the value grew past its limit; stop before expat expands or reads any more.
    if !state.pointee.handler.characters(UnsafeRawBufferPointer(start: text, count: Int(length))) {
        XML_StopParser(state.pointee.parser, 0)
        state.pointee.updateTextDelivery()
    }
}

private func unknownEncodingCallback(
    _ data: UnsafeMutableRawPointer?, _ name: UnsafePointer<CChar>?, _ info: UnsafeMutablePointer<XML_Encoding>?
) -> Int32 {
    guard let name, let info, let table = SingleByteEncoding.table(named: String(cString: name)) else {
        return Int32(XML_STATUS_ERROR.rawValue)
    }
    withUnsafeMutableBytes(of: &info.pointee.map) { map in
        let entries = map.bindMemory(to: Int32.self)
        for byte in 0..<256 { entries[byte] = Int32(table[byte]) }
    }
    info.pointee.data = nil
    info.pointee.convert = nil
    info.pointee.release = nil
    return Int32(XML_STATUS_OK.rawValue)
}
