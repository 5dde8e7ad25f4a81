import AppleDeclarations
import Foundation
import PlatformShapes
import Testing

/// A delegate written for Core Location, in Apple's signatures; it writes down what it hears.
final class AppleStyleDelegate: NSObject, CLLocationManagerDelegate {
    var heard: [String] = []

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        heard.append("didUpdateLocations \(locations.map(\.coordinate.latitude))")
    }
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        heard.append("didFailWithError \(error)")
    }
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        heard.append("didChangeAuthorization \(manager.authorizationStatus)")
    }
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {
        heard.append("didEnterRegion \(region.identifier)")
    }
    func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error) {
        heard.append("monitoringDidFailFor \(region?.identifier ?? "nil")")
    }
}

// The class above, unchanged, is a LocationManagingDelegate of Apple's manager.
extension AppleStyleDelegate: LocationManagingDelegate {
    typealias Manager = CLLocationManager
}

private struct NoFix: Error, CustomStringConvertible {
    var description: String { "NoFix" }
}

// Code that knows only the shapes, as app logic is written.
@MainActor private func canTrack(_ manager: any LocationManaging) -> Bool {
    // A switch statement: Swift 6.3 cannot type-check this match as a switch expression.
    switch manager.authorizationStatus {
    case .authorizedAlways, .authorizedWhenInUse: return true
    default: return false
    }
}

@MainActor private func tell<Delegate: LocationManagingDelegate>(
    _ delegate: Delegate, _ manager: Delegate.Manager, fixes: [Delegate.Manager.Location], region: Delegate.Manager.Region
) {
    delegate.locationManagerDidChangeAuthorization(manager)
    delegate.locationManager(manager, didUpdateLocations: fixes)
    delegate.locationManager(manager, didFailWithError: NoFix())
    delegate.locationManager(manager, didEnterRegion: region)
    delegate.locationManager(manager, monitoringDidFailFor: nil, withError: NoFix())
    delegate.locationManagerDidPauseLocationUpdates(manager)  // not implemented: Apple's optional, a default here
}

@MainActor @Suite struct AppleShapeTests {
    private let fix = CLLocation(
        coordinate: CLLocationCoordinate2D(latitude: 47.25, longitude: 8.5), altitude: 410, horizontalAccuracy: 5,
        verticalAccuracy: 3, course: 90, speed: 12.5, timestamp: Date(timeIntervalSince1970: 1_000))

    @Test func codeOverAnyManagerReadsApplesManager() {
        let manager: any LocationManaging = CLLocationManager()
        // Apple's documented defaults, read through the protocol.
        #expect(manager.distanceFilter == -1)
        #expect(manager.desiredAccuracy == -1)
        #expect(manager.allowsBackgroundLocationUpdates == false)
        #expect(manager.pausesLocationUpdatesAutomatically == true)
        #expect(manager.location == nil)
        #expect(manager.authorizationStatus == .notDetermined)
        #expect(manager.authorizationStatus != .authorizedAlways)
        #expect(canTrack(manager) == false)
        manager.distanceFilter = 25
        #expect((manager as? CLLocationManager)?.distanceFilter == 25)
    }

    @Test func aFixReadsThroughTheShape() {
        let shaped: any LocationFix = fix
        #expect(shaped.coordinate.latitude == 47.25)
        #expect(shaped.coordinate.longitude == 8.5)
        #expect(shaped.altitude == 410)
        #expect(shaped.horizontalAccuracy == 5)
        #expect(shaped.verticalAccuracy == 3)
        #expect(shaped.speed == 12.5)
        #expect(shaped.course == 90)
        #expect(shaped.timestamp == Date(timeIntervalSince1970: 1_000))
    }

    @Test func aCircularRegionReadsThroughTheShape() {
        let region: any CircularLocationRegion = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 48.857, longitude: 2.352), radius: 150, identifier: "cafe")
        #expect(region.identifier == "cafe")
        #expect(region.center.latitude == 48.857)
        #expect(region.center.longitude == 2.352)
        #expect(region.radius == 150)
        #expect(region.notifyOnEntry == true)
        #expect(region.notifyOnExit == true)
    }

    /// Apple's case names and raw values are ``LocationAuthorization``'s, case by case.
    @Test(arguments: LocationAuthorization.allCases)
    func authorizationCasesMatchApples(_ expected: LocationAuthorization) throws {
        let apples = try #require(CLAuthorizationStatus(rawValue: expected.rawValue))
        let status: any LocationAuthorizationStatus = apples
        #expect(status == expected)
        #expect(String(describing: apples) == String(describing: expected))
        #expect(LocationAuthorization.allCases.filter { status == $0 } == [expected])
    }

    @Test(arguments: LocationAccuracy.allCases)
    func accuracyCasesMatchApples(_ expected: LocationAccuracy) throws {
        let apples = try #require(CLAccuracyAuthorization(rawValue: expected.rawValue))
        let accuracy: any LocationAccuracyAuthorization = apples
        #expect(accuracy == expected)
        #expect(String(describing: apples) == String(describing: expected))
    }

    /// The static requirements are Apple's cases: generic code names them as Apple does.
    @Test func genericCodeNamesApplesCases() {
        func cases<Status: LocationAuthorizationStatus>(_: Status.Type) -> [Int32] {
            [Status.notDetermined, .restricted, .denied, .authorizedAlways, .authorizedWhenInUse].map(\.rawValue)
        }
        func activities<Activity: LocationActivityType>(_: Activity.Type) -> [Activity] {
            [.other, .automotiveNavigation, .fitness, .otherNavigation, .airborne]
        }
        #expect(cases(CLAuthorizationStatus.self) == [0, 1, 2, 3, 4])
        #expect(activities(CLActivityType.self).map(\.rawValue) == [1, 2, 3, 4, 5])
    }

    @Test func aCoreLocationDelegateHearsThroughTheShape() {
        let delegate = AppleStyleDelegate()
        let region = CLCircularRegion(center: CLLocationCoordinate2D(latitude: 1, longitude: 2), radius: 100, identifier: "home")
        tell(delegate, CLLocationManager(), fixes: [fix], region: region)
        #expect(delegate.heard == [
            "didChangeAuthorization notDetermined",
            "didUpdateLocations [47.25]",
            "didFailWithError NoFix",
            "didEnterRegion home",
            "monitoringDidFailFor nil",
        ])
    }

    /// The conformances here are PlatformShapes' iOS blocks, file by file and line for line.
    @Test(arguments: ["LocationManaging.swift", "BackgroundTasking.swift", "BackgroundTaskScheduling.swift", "LiveLocationUpdating.swift", "LocationSessions.swift", "LocationMonitoring.swift",
                      "LocationError.swift", "LocationCoordinate2D.swift", "AppClock.swift", "AppTaskScheduler.swift", "LocationUpdate.swift", "AppProcessInfo.swift"])
    func conformancesMatchTheIOSBlocks(_ file: String) throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let shapes = tests.appendingPathComponent("../../Sources/PlatformShapes/\(file)").standardized
        let checked = try String(contentsOf: tests.appendingPathComponent("AppleConformances.swift"), encoding: .utf8)
        let shipped = iosBlock(try String(contentsOf: shapes, encoding: .utf8))
        #expect(shipped.count == ["LocationManaging.swift": 11, "BackgroundTasking.swift": 3, "BackgroundTaskScheduling.swift": 4, "LiveLocationUpdating.swift": 13, "LocationSessions.swift": 6, "LocationMonitoring.swift": 9,
                                 "LocationError.swift": 1, "LocationCoordinate2D.swift": 1, "AppClock.swift": 4,
                                 "AppTaskScheduler.swift": 7, "LocationUpdate.swift": 2, "AppProcessInfo.swift": 2][file])
        #expect(checkedBlock(checked, file) == shipped)
    }

    /// The lines between `// BEGIN file` and `// END`.
    private func checkedBlock(_ source: String, _ file: String) -> [String] {
        code(lines(source).drop { $0 != "// BEGIN \(file)" }.dropFirst().prefix { $0 != "// END" })
    }

    /// The lines of the `#if canImport(…) && os(iOS)` block, without its imports.
    private func iosBlock(_ source: String) -> [String] {
        code(lines(source).drop { !$0.hasPrefix("#if canImport(") }.dropFirst().prefix { !$0.hasPrefix("#endif") })
    }

    private func lines(_ source: String) -> [String] {
        source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func code(_ lines: some Sequence<String>) -> [String] {
        lines.filter { !$0.isEmpty && !$0.hasPrefix("//") && !$0.hasPrefix("import ") }
    }
}
