import ArgumentParser
import Foundation

/// The start-up goal's floor: a program that parses one argument-parser `@Flag` and does nothing,
/// built as a package of its own against the argument-parser checkout of this build, in the same
/// configuration (debug or release) as the build it sits beside.
enum OneFlagProgram {
    /// Builds the program in `directory/one-flag` (kept there: a second run reuses it) and returns its path.
    static func build(beside binaries: URL, in directory: String) throws -> String {
        let configuration = binaries.resolvingSymlinksInPath().lastPathComponent
        guard configuration == "release" || configuration == "debug" else {
            throw ValidationError("cannot tell the build configuration of \(binaries.path): give --one-flag-program")
        }
        // .build/release (a link) and .build/<triple>/release both have the checkouts a level or two up.
        let candidates = [binaries.deletingLastPathComponent(), binaries.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()]
            .map { $0.appendingPathComponent("checkouts/swift-argument-parser").path }
        guard let checkout = candidates.first(where: { FileManager.default.fileExists(atPath: $0 + "/Package.swift") }) else {
            throw ValidationError("no swift-argument-parser checkout near \(binaries.path): give --one-flag-program")
        }
        let package = "\(directory)/one-flag"
        let product = "\(package)/.build/\(configuration)/one-flag"
        if FileManager.default.isExecutableFile(atPath: product) { return product }
        try FileManager.default.createDirectory(atPath: "\(package)/Sources/one-flag", withIntermediateDirectories: true)
        try """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "one-flag",
                dependencies: [.package(path: "\(checkout)")],
                targets: [.executableTarget(name: "one-flag", dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")])]
            )

            """.write(toFile: "\(package)/Package.swift", atomically: true, encoding: .utf8)
        try """
            import ArgumentParser

            struct OneFlag: ParsableCommand {
                @Flag var verbose = false

                func run() {}
            }

            OneFlag.main()

            """.write(toFile: "\(package)/Sources/one-flag/main.swift", atomically: true, encoding: .utf8)
        print("building the one-flag program (\(configuration)) in \(package) …")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "build", "-c", configuration, "--package-path", package]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: product) else {
            throw ValidationError("building the one-flag program in \(package) failed (exit \(process.terminationStatus)): give --one-flag-program")
        }
        return product
    }
}
