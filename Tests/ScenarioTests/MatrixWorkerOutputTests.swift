import Foundation
import Testing
@testable import ScenarioInput
@testable import ScenarioReports
@testable import ScenarioRun
import TestSupport

/// What a matrix's workers send their parent for `--format json`, and how the parent reads it.
@Suite struct MatrixWorkerOutputTests {
    /// The parent copies the objects its workers laid out into its document: the bytes must be
    /// `json(_:)`'s, whatever the names hold.
    @MainActor @Test func theDocumentOfRenderedRowsIsTheSerializedJSON() throws {
        let matrix = try MatrixFile.parse("""
            tracks: ['\(Shipped.track("city-commute.gpx"))']
            profiles: [ios17]
            runs:
              - {name: "braces { } [ ], a colon: and, commas; \\"quoted\\" and \\\\ backslash", settings: {distanceFilter: 100}}
              - {name: "tab\\there\\nline \\e[2J end", expect: kept-alive}
              - {name: "", settings: {backgroundLocation: false}, expect: suspended}

            """, name: "m{}.yaml")
        let outcome = MatrixOutcome(matrix: matrix, summaries: try MatrixRunner.run(matrix))
        let text = MatrixReport.jsonText(outcome, renderedRows: outcome.rows.map(MatrixReport.renderedRow))
        #expect(text == MatrixReport.json(outcome).serialized() + "\n")
        #expect(outcome.rows.map(\.run) == ["braces { } [ ], a colon: and, commas; \"quoted\" and \\ backslash", "tab\there\nline \u{1B}[2J end", ""])
    }

    static let output = Array((
        #"{"cell":0,"summary":{}}"# + "\n" + MatrixWorker.Line.row(0, "{\n  \"a\": \"x\\ny\"\n}")
        + #"{"cell":1,"summary":{}}"# + "\n" + MatrixWorker.Line.row(1, "") + MatrixWorker.Line.done(3)
    ).utf8)

    enum Heard: Equatable {
        case line(String)
        case row(Int, String)
        case overlong(String)
    }

    static func split(_ chunks: [ArraySlice<UInt8>]) -> [Heard] {
        var splitter = WorkerOutputSplitter()
        var heard: [Heard] = []
        let hear = { (piece: WorkerOutputSplitter.Piece) in
            switch piece {
            case .line(let bytes): heard.append(.line(String(decoding: bytes, as: UTF8.self)))
            case .row(let cell, let bytes): heard.append(.row(cell, String(decoding: bytes, as: UTF8.self)))
            case .overlong(let start): heard.append(.overlong(String(decoding: start, as: UTF8.self)))
            }
        }
        for chunk in chunks { splitter.append(Data(chunk), hear) }
        splitter.finish(hear)
        return heard
    }

    @Test func linesAndFramedObjectsComeOutWhereverTheChunksEnd() {
        let expected: [Heard] = [
            .line(#"{"cell":0,"summary":{}}"#), .row(0, "{\n  \"a\": \"x\\ny\"\n}"),
            .line(#"{"cell":1,"summary":{}}"#), .row(1, ""), .line(#"{"done":3}"#),
        ]
        #expect(Self.split([Self.output[...]]) == expected)
        for cut in 1..<Self.output.count {
            #expect(Self.split([Self.output[..<cut], Self.output[cut...]]) == expected, "cut at \(cut)")
        }
        #expect(Self.split(Self.output.map { [$0][...] }) == expected)
    }

    @Test func aFrameThatDoesNotHoldWhatItAnnouncesIsHeardAsALine() {
        // The object is longer than announced: its bytes and the next are a line that is no result.
        #expect(Self.split([Array("row 2 2\n{}}\n{\"done\":2}\n".utf8)[...]]) == [.line("{}}"), .line(#"{"done":2}"#)])
        // A length past the bound, or no length, is no frame.
        let tooLong = "row 2 \(WorkerOutputSplitter.maximumObjectBytes + 1)"
        #expect(Self.split([Array("\(tooLong)\nrow 2\nrow -1 2\n".utf8)[...]]) == [.line(tooLong), .line("row 2"), .line("row -1 2")])
        // Output that ends inside an object.
        #expect(Self.split([Array("row 0 10\n{\"a\"".utf8)[...]]) == [.line("{\"a\"")])
    }
}
