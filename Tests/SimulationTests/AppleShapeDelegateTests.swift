import Foundation
import Geodesy
import Testing
import TestSupport
@testable import Simulation

/// A delegate in Apple's shape only (not a `SimLocationManagerDelegate`): errors as `any Error`.
@MainActor
private final class ShapedApp: SimAppDelegate, LocationManagingDelegate {
    private(set) var heard: [String] = []
    private(set) var manager: SimLocationManager?

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        let manager = application.makeLocationManager()
        manager.delegate = self
        self.manager = manager
        manager.startUpdatingLocation()
    }

    func locationManagerDidChangeAuthorization(_ manager: SimLocationManager) {
        heard.append("authorization \(manager.authorizationStatus)")
    }

    func locationManager(_ manager: SimLocationManager, didUpdateLocations locations: [SimLocation]) {
        heard.append("fixes \(locations.count)")
    }

    func locationManager(_ manager: SimLocationManager, didFailWithError error: any Error) {
        heard.append("error \(error)")
    }
}

/// The older form: `SimLocationError` in the error callback, still called.
@MainActor
private final class TypedErrorApp: SimAppDelegate, SimLocationManagerDelegate {
    private(set) var errors: [SimLocationError] = []

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        let manager = application.makeLocationManager()
        manager.delegate = self
        manager.startUpdatingLocation()
    }

    func locationManager(_ manager: SimLocationManager, didFailWithError error: SimLocationError) {
        errors.append(error)
    }
}

@MainActor @Suite struct AppleShapeDelegateTests {
    @Test func anAppleShapedDelegateHearsErrorsAsError() {
        let app = ShapedApp()
        _ = KeepAliveSimulation(configuration(drive(seconds: 5), authorization: .denied), app: app).run()
        // The start is refused at once; iOS reports the authorization on the next turn.
        #expect(app.heard == ["error denied", "authorization denied"])
    }

    @Test func codeOverAnyManagerComparesTheSimulationsStatus() throws {
        let app = ShapedApp()
        _ = KeepAliveSimulation(configuration(drive(seconds: 5), profile: exact(.iOS17), authorization: .authorizedWhenInUse), app: app).run()
        let manager: any LocationManaging = try #require(app.manager)
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
        #expect(manager.authorizationStatus != .authorizedAlways)
        #expect(manager.accuracyAuthorization == .fullAccuracy)
        #expect(manager.location?.coordinate.latitude == 47)
        #expect(manager.location?.timestamp == drive(seconds: 5).startDate.addingTimeInterval(5))
        #expect(app.heard == ["authorization authorizedWhenInUse"] + Array(repeating: "fixes 1", count: 6))
    }

    @Test func theOlderTypedErrorCallbackIsStillCalled() {
        let app = TypedErrorApp()
        _ = KeepAliveSimulation(configuration(drive(seconds: 5), authorization: .denied), app: app).run()
        #expect(app.errors == [.denied])
    }
}
