// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "KeepAliveSim",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .executable(name: "keepalive", targets: ["keepalive"]),
        .library(name: "KeepAliveSim", targets: ["GPX", "Geodesy", "PlatformShapes", "Simulation", "Scripting", "ScenarioInput", "ScenarioRun", "ScenarioReports", "Scenario", "Replay"]),
        // The simulation alone, for app logic tests: no libexpat, no Yams.
        .library(name: "KeepAliveSimulation", targets: ["Geodesy", "PlatformShapes", "Simulation", "Scripting"]),
        // Apple's shapes alone (`LocationManaging`, …), for app code that ships: no simulation.
        .library(name: "PlatformShapes", targets: ["PlatformShapes"]),
        .executable(name: "keepalive-bench", targets: ["Benchmarks"]),
        .executable(name: "keepalive-samples", targets: ["SampleData"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `swift package generate-documentation`: the DocC catalogues in Sources/*/*.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // libexpat, the only XML parser in the package.
        .systemLibrary(
            name: "CExpat",
            pkgConfig: "expat",
            providers: [.apt(["libexpat1-dev"]), .brew(["expat"])]
        ),
        // Great-circle and ellipsoidal distances; shared by the GPX statistics and the simulation.
        .target(name: "Geodesy"),
        // Streaming GPX 1.0/1.1 reader and its document model. Knows nothing of simulation.
        .target(name: "GPX", dependencies: ["CExpat", "Geodesy"]),
        // Core Location's types as protocols in Apple's shape, which Apple's types and the
        // simulation's both satisfy: what app code imports. Foundation only.
        .target(name: "PlatformShapes"),
        // The simulated iOS: virtual clock, app lifecycle, background budget, location manager.
        // Knows nothing of XML: it replays a `Trajectory`.
        .target(name: "Simulation", dependencies: ["Geodesy", "PlatformShapes"]),
        // Apps written as data (`AppScript`) and the app that runs them; no file format.
        .target(name: "Scripting", dependencies: ["Simulation"]),
        // Replays as the CLI runs them, in three modules by role. Input: what the tool reads (the
        // track built into a `Trajectory`, settings, scenario, app-script, matrix, plugin, recording
        // and MetricKit readers) and its errors; the one place that sees both GPX and Simulation.
        .target(
            name: "ScenarioInput",
            dependencies: ["GPX", "Geodesy", "Simulation", "Scripting", .product(name: "Yams", package: "Yams")]
        ),
        // Run: a replay, `--explain`'s candidates, matrix workers, compare and MetricKit: typed outcomes.
        .target(name: "ScenarioRun", dependencies: ["GPX", "ScenarioInput", "Simulation", "Scripting"]),
        // Reports: prose, the text timeline, JSON, JUnit, Markdown and the SVG/HTML pictures of outcomes.
        .target(name: "ScenarioReports", dependencies: ["GPX", "Geodesy", "ScenarioInput", "ScenarioRun", "Simulation", "Scripting"]),
        // `import Scenario`: the three modules above as one import, as the single module was before the split.
        .target(name: "Scenario", dependencies: ["ScenarioInput", "ScenarioRun", "ScenarioReports"]),
        // Deprecated: `TrajectoryBuilder` moved to ScenarioInput; `import Replay` still finds it.
        .target(name: "Replay", dependencies: ["ScenarioInput"]),
        // The `keepalive` command line tool: argument parsing and output only.
        .executableTarget(
            name: "keepalive",
            dependencies: [
                "GPX", "Scenario", "Scripting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Throughput benchmarks (not tests): `swift run -c release keepalive-bench gpx`.
        .executableTarget(
            name: "Benchmarks",
            dependencies: [
                "CExpat", "GPX", "Geodesy", "Simulation", "Scripting", "ScenarioInput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Writes the sample data of `keepalive compare` (Tracks/compare): `swift run keepalive-samples`.
        .executableTarget(name: "SampleData"),
        .testTarget(name: "GeodesyTests", dependencies: ["Geodesy"]),
        .testTarget(name: "GPXTests", dependencies: ["GPX"]),
        // Core Location's declarations copied from Apple's documentation (signatures only), and
        // the test that Apple's types take the shapes of PlatformShapes: the Linux check of them.
        .target(name: "AppleDeclarations", path: "Tests/AppleDeclarations"),
        // App logic over the shapes alone, shared by the two test targets below: one copy, type-checked
        // against Apple's declarations and run on the simulation.
        .target(name: "ShapeLogic", dependencies: ["PlatformShapes"], path: "Tests/ShapeLogic"),
        .testTarget(name: "AppleShapeTests", dependencies: ["AppleDeclarations", "PlatformShapes", "ShapeLogic"]),
        // What the simulation and scenario tests share: trips, exact event logs, the shipped files.
        .target(name: "TestSupport", dependencies: ["Geodesy", "Simulation", "Scripting", "ScenarioInput", "ScenarioRun", "ScenarioReports", "Scenario"], path: "Tests/TestSupport"),
        .testTarget(name: "SimulationTests", dependencies: ["Simulation", "Scripting", "ScenarioInput", "ScenarioRun", "ScenarioReports", "Scenario", "GPX", "TestSupport", "ShapeLogic"]),
        // Code written against 0.1.0, compiled against the deprecated forwarders (Sources/*/Deprecated.swift)
        // and run to check where each forwards; it goes with them at 1.0.
        .testTarget(name: "DeprecatedAPITests", dependencies: ["Simulation", "Scripting", "Scenario"]),
        .testTarget(name: "ScenarioTests", dependencies: ["ScenarioInput", "ScenarioRun", "ScenarioReports", "Scenario", "Scripting", "TestSupport"]),
        // Runs a program `swift test` built and reads what it printed (the CLI and fuzz tests).
        .target(name: "ChildProcess", path: "Tests/ChildProcess"),
        // Runs the built `keepalive` binary; depending on it makes `swift test` build it.
        .testTarget(name: "KeepaliveCLITests", dependencies: ["keepalive", "ChildProcess"], exclude: ["Golden"]),
        // Fuzz targets (Tests/Fuzz, see Docs/Fuzzing.md). In this build each is a plain program that
        // replays the inputs it is given through its harness; Tests/Fuzz/run-fuzzers.sh builds them
        // with -DFUZZING and -sanitize=fuzzer,address into libFuzzer targets.
        .target(name: "FuzzSupport", path: "Tests/Fuzz/Support"),
        .executableTarget(name: "FuzzGPXReader", dependencies: ["GPX", "FuzzSupport"], path: "Tests/Fuzz/GPXReader"),
        .executableTarget(name: "FuzzValueParsers", dependencies: ["FuzzSupport"], path: "Tests/Fuzz/ValueParsers"),
        .executableTarget(name: "FuzzScenarioFile", dependencies: ["ScenarioInput", "FuzzSupport"], path: "Tests/Fuzz/ScenarioFile"),
        .executableTarget(name: "FuzzAppScript", dependencies: ["ScenarioInput", "FuzzSupport"], path: "Tests/Fuzz/AppScript"),
        .executableTarget(name: "FuzzMatrixFile", dependencies: ["ScenarioInput", "FuzzSupport"], path: "Tests/Fuzz/MatrixFile"),
        // The readers of issue 33: plugin configurations, Info.plists, CSV recordings, MetricKit payloads, list options.
        .executableTarget(name: "FuzzPluginConfig", dependencies: ["ScenarioInput", "FuzzSupport"], path: "Tests/Fuzz/PluginConfig"),
        .executableTarget(name: "FuzzInfoPlist", dependencies: ["ScenarioInput", "Simulation", "FuzzSupport"], path: "Tests/Fuzz/InfoPlist"),
        .executableTarget(name: "FuzzCSVRecording", dependencies: ["GPX", "ScenarioInput", "FuzzSupport"], path: "Tests/Fuzz/CSVRecording"),
        .executableTarget(name: "FuzzMetricKitPayload", dependencies: ["ScenarioInput", "FuzzSupport"], path: "Tests/Fuzz/MetricKitPayload"),
        .executableTarget(name: "FuzzListOptions", dependencies: ["ScenarioInput", "Simulation", "FuzzSupport"], path: "Tests/Fuzz/ListOptions"),
        // Issue 33: the matrix-worker protocol, both directions (the readers in ScenarioRun/Matrix).
        .executableTarget(name: "FuzzMatrixWorker", dependencies: ["ScenarioInput", "ScenarioRun", "Simulation", "FuzzSupport"], path: "Tests/Fuzz/MatrixWorker"),
        // Replays the fuzz targets' regression inputs and seeds in `swift test`.
        .testTarget(
            name: "FuzzReplayTests",
            dependencies: ["FuzzGPXReader", "FuzzValueParsers", "FuzzScenarioFile", "FuzzAppScript", "FuzzMatrixFile",
                           "FuzzPluginConfig", "FuzzInfoPlist", "FuzzCSVRecording", "FuzzMetricKitPayload", "FuzzListOptions", "FuzzMatrixWorker",
                           "ChildProcess"],
            path: "Tests/Fuzz/ReplayTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
