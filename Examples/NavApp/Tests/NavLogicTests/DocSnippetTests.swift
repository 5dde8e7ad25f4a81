import Foundation
import Testing

/// Docs/Library.md shows this package's code ("One source file for the device and the tests"):
/// each snippet there must be the example's own lines, so that what the page shows is what CI
/// runs here and the macOS workflow compiles for iOS.
@Suite struct DocSnippetTests {
    @Test func docSnippetsAreTheExamplesCode() throws {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: package.appendingPathComponent("../../Docs/Library.md").standardized, encoding: .utf8)
        let section = try #require(page.components(separatedBy: "### One source file for the device and the tests").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        let snippets = section.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let code = try ["Sources/NavLogic/TripRecorder.swift", "Sources/NavAppiOS/LiveTrip.swift", "Tests/NavLogicTests/TripRecorderTests.swift"]
            .map { try String(contentsOf: package.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
        #expect(snippets.count == 7)
        for snippet in snippets {
            #expect(code.contains(snippet), "not in Examples/NavApp: \(snippet)")
        }
    }
}
