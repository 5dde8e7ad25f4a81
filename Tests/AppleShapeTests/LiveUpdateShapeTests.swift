import AppleDeclarations
import Foundation
import PlatformShapes
import ShapeLogic
import Testing

// App logic over live updates (Tests/ShapeLogic, PlatformShapes only): type-checked here against Apple's declarations.

@MainActor @Suite struct LiveUpdateShapeTests {
    /// The static requirements are Apple's five cases, each a different one.
    @Test func theConfigurationsAreApplesCases() {
        #expect(configurations(CLLocationUpdate.LiveConfiguration.self) == [.default, .automotiveNavigation, .otherNavigation, .fitness, .airborne])
        #expect(Set(configurations(CLLocationUpdate.LiveConfiguration.self)).count == 5)
    }

    /// What generic code names on the device: Apple's types, with no wrapper around the sequence.
    @Test func theAssociatedTypesAreApples() {
        #expect(CoreLocationLiveUpdates.Updates.self == CLLocationUpdate.Updates.self)
        #expect(CoreLocationLiveUpdates.Update.self == CLLocationUpdate.self)
        #expect(CoreLocationLiveUpdates.LiveConfiguration.self == CLLocationUpdate.LiveConfiguration.self)
        #expect(CLLocationUpdate.Location.self == CLLocation.self)
        // The proof is that these compile: the generic code takes Apple's types. (Not run: Apple's
        // sequence is a signature here.)
        let _: (CoreLocationLiveUpdates) async throws -> [Double] = longitudesUntilStill
        let _: (CLLocationUpdate) -> [String] = reasons
        let _: (CoreLocationLiveUpdates) -> CLLocationUpdate.Updates = { $0.liveUpdates() }
    }
}
