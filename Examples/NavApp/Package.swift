// swift-tools-version: 6.0
import PackageDescription

// An app team's package: its logic (NavLogic) imports only Apple's shapes (PlatformShapes), the
// iOS app's side (NavAppiOS) gives it Core Location's manager, and the tests give it the
// simulation's. `swift test --package-path Examples/NavApp` runs on Linux; the iOS side is empty there.
let package = Package(
    name: "NavApp",
    platforms: [.iOS(.v16), .macOS(.v13)],
    // Products, so that `xcodebuild -scheme NavLogic|NavAppiOS` finds a scheme for each.
    products: [
        .library(name: "NavLogic", targets: ["NavLogic"]),
        .library(name: "NavAppiOS", targets: ["NavAppiOS"]),
    ],
    dependencies: [
        // The repository itself; named, so that its products are found whatever its folder is called.
        .package(name: "KeepAliveSim", path: "../.."),
    ],
    targets: [
        // The shared logic: what runs in the app and in the tests alike.
        .target(name: "NavLogic", dependencies: [.product(name: "PlatformShapes", package: "KeepAliveSim")]),
        // The iOS app's Core Location side (compiled on iOS only; an empty module elsewhere).
        .target(name: "NavAppiOS", dependencies: ["NavLogic", .product(name: "PlatformShapes", package: "KeepAliveSim")]),
        // NavLogic on the simulation, with exact expectations.
        .testTarget(
            name: "NavLogicTests",
            dependencies: ["NavLogic", .product(name: "KeepAliveSimulation", package: "KeepAliveSim")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
