import Foundation
import Geodesy
import Testing

/// Reference values from Karney's geodesic algorithms (geographiclib, WGS-84), which are exact to
/// nanometres; Vincenty must agree to a millimetre.
@Suite struct DistanceTests {
    private func degrees(_ d: Double, _ m: Double, _ s: Double) -> Double { d + m / 60 + s / 3600 }

    @Test func vincentysOwnExampleFlindersPeakToBuninyong() {
        let flinders = GeoCoordinate(latitude: -degrees(37, 57, 3.72030), longitude: degrees(144, 25, 29.52440))
        let buninyong = GeoCoordinate(latitude: -degrees(37, 39, 10.15610), longitude: degrees(143, 55, 35.38390))
        #expect(abs(Geodesy.distance(from: flinders, to: buninyong) - 54_972.2711) < 0.001)
    }

    @Test(arguments: [
        (0.0, 0.0, 0.0, 1.0, 111_319.4908),  // one degree along the equator
        (0.0, 0.0, 90.0, 0.0, 10_001_965.7293),  // equator to pole
        (47.3769, 8.5417, 46.2044, 6.1432, 224_763.7289),  // Zurich to Geneva
        (40.6413, -73.7781, 33.9416, -118.4085, 3_983_079.7485),  // JFK to LAX
        (52.52, 13.405, 52.52001, 13.405, 1.112772),  // about a metre, as between track points
    ])
    func knownDistances(lat1: Double, lon1: Double, lat2: Double, lon2: Double, metres: Double) {
        let a = GeoCoordinate(latitude: lat1, longitude: lon1)
        let b = GeoCoordinate(latitude: lat2, longitude: lon2)
        #expect(abs(Geodesy.distance(from: a, to: b) - metres) < 0.001)
        #expect(abs(Geodesy.distance(from: b, to: a) - metres) < 0.001)
    }

    @Test func samePointIsZero() {
        let p = GeoCoordinate(latitude: 37.2417381685, longitude: -121.77)
        #expect(Geodesy.distance(from: p, to: p) == 0)
    }

    @Test func antipodalPointsFallBackToTheSphere() {
        let a = GeoCoordinate(latitude: 0, longitude: 0)
        let b = GeoCoordinate(latitude: 0, longitude: 180)
        #expect(Geodesy.vincentyDistance(from: a, to: b) == nil)
        // π · R with R the IUGG mean radius; the exact geodesic is 20,003,931.4586 m (0.06 % shorter).
        #expect(abs(Geodesy.distance(from: a, to: b) - 20_015_114.3522) < 0.001)
    }

    @Test func haversineOnTheMeanSphere() {
        let a = GeoCoordinate(latitude: 0, longitude: 0)
        let b = GeoCoordinate(latitude: 0, longitude: 1)
        #expect(abs(Geodesy.haversineDistance(from: a, to: b) - 111_195.0797) < 0.001)
    }

    @Test(arguments: [(0.0, 1.0, 90.0), (1.0, 0.0, 0.0), (0.0, -1.0, 270.0), (-1.0, 0.0, 180.0)])
    func initialBearing(dLat: Double, dLon: Double, expected: Double) {
        let origin = GeoCoordinate(latitude: 0, longitude: 0)
        let target = GeoCoordinate(latitude: dLat, longitude: dLon)
        #expect(abs(Geodesy.initialBearing(from: origin, to: target) - expected) < 1e-9)
    }

    /// The bearing from latitude sines worked out beforehand is the bearing worked out whole, bit
    /// for bit (the formula as it stood before the sines were shared along a path: a trajectory's
    /// courses must not move), on seeded pairs of points near and far, in every quadrant.
    @Test func theBearingFromGivenSinesIsTheBearingBitForBit() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func unit() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        func reference(_ a: GeoCoordinate, _ b: GeoCoordinate) -> Double {
            let φ1 = a.latitude * .pi / 180, φ2 = b.latitude * .pi / 180
            let Δλ = (b.longitude - a.longitude) * .pi / 180
            let y = sin(Δλ) * cos(φ2)
            let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
            let degrees = atan2(y, x) * 180 / .pi
            return degrees < 0 ? degrees + 360 : degrees
        }
        for index in 0..<20_000 {
            let a = GeoCoordinate(latitude: unit() * 178 - 89, longitude: unit() * 360 - 180)
            let reach = index.isMultiple(of: 2) ? 0.001 : 90.0
            let b = GeoCoordinate(latitude: max(-89.9, min(89.9, a.latitude + (unit() - 0.5) * reach)),
                                  longitude: a.longitude + (unit() - 0.5) * reach)
            let given = Geodesy.initialBearing(from: a, Geodesy.LatitudeSines(a), to: b, Geodesy.LatitudeSines(b))
            #expect(given.bitPattern == reference(a, b).bitPattern, "\(a) → \(b)")
            #expect(Geodesy.initialBearing(from: a, to: b).bitPattern == given.bitPattern)
        }
    }

    @Test func theLocalApproximationAgreesWithVincentyBelowOneKilometre() throws {
        // A deterministic spread of short steps at many latitudes and bearings.
        var worst = 0.0
        for latitude in stride(from: -79.0, through: 79, by: 7.9) {
            for bearing in stride(from: 0.0, to: 360, by: 22.5) {
                for metres in [0.5, 5, 20, 100, 500, 999] {
                    let a = GeoCoordinate(latitude: latitude, longitude: 10)
                    let radians = bearing * .pi / 180
                    let b = GeoCoordinate(latitude: latitude + metres * cos(radians) / 111_000,
                                          longitude: 10 + metres * sin(radians) / (111_000 * cos(latitude * .pi / 180)))
                    let exact = try #require(Geodesy.vincentyDistance(from: a, to: b))
                    let local = try #require(Geodesy.localDistance(from: a, to: b))
                    worst = max(worst, abs(exact - local))
                }
            }
        }
        #expect(worst < 0.000_05)  // 0.0303 mm at worst, near 1 km at high latitudes
    }

    @Test func acrossTheAntimeridian() {
        let a = GeoCoordinate(latitude: 0, longitude: 179.9999)
        let b = GeoCoordinate(latitude: 0, longitude: -179.9999)
        #expect(abs(Geodesy.distance(from: a, to: b) - 22.263_898) < 0.000_01)
    }
}
