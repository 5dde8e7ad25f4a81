import Foundation

/// Distances between coordinates on the Earth.
///
/// `distance(from:to:)` solves the inverse geodesic problem on the WGS-84 ellipsoid with
/// Vincenty's formulae (T. Vincenty, "Direct and inverse solutions of geodesics on the ellipsoid",
/// Survey Review 23(176), 1975), which agree with the exact geodesic to well under a millimetre
/// for the distances a track holds. For nearly antipodal points, where Vincenty's iteration may
/// not converge, it falls back to the great-circle distance on a sphere of the mean Earth radius.
///
/// Most distances a replay measures are metres between consecutive fixes, measured millions of
/// times; below 1 km (away from the poles) the ellipsoid is flat enough that the local
/// approximation with its radii of curvature at the mid-latitude agrees with Vincenty to under
/// 0.05 mm (0.03 mm measured at worst), at a fraction of the cost, and is used instead.
public enum Geodesy {
    /// WGS-84 semi-major axis, metres.
    public static let wgs84SemiMajorAxis = 6_378_137.0
    /// WGS-84 flattening.
    public static let wgs84Flattening = 1 / 298.257_223_563
    /// IUGG mean Earth radius R1 = (2a + b) / 3, metres; used by the spherical formulas.
    public static let meanEarthRadius = 6_371_008.771_4

    /// The ellipsoidal (WGS-84) distance in metres between two coordinates.
    public static func distance(from a: GeoCoordinate, to b: GeoCoordinate) -> Double {
        if abs(a.latitude) < 80, abs(b.latitude) < 80, let near = localDistance(from: a, to: b), near < 1000 {
            return near
        }
        return vincentyDistance(from: a, to: b) ?? haversineDistance(from: a, to: b)
    }

    /// The distance on the plane tangent to the ellipsoid at the mid-latitude, scaled by its
    /// meridional (M) and prime-vertical (N) radii of curvature; `nil` across the antimeridian.
    /// Its error grows with the square of the distance: under 0.05 mm up to 1 km.
    public static func localDistance(from a: GeoCoordinate, to b: GeoCoordinate) -> Double? {
        var Δλ = b.longitude - a.longitude
        if abs(Δλ) > 180 { Δλ -= Δλ > 0 ? 360 : -360 }
        let φm = ((a.latitude + b.latitude) / 2).radians
        let e2 = wgs84Flattening * (2 - wgs84Flattening)
        let w = 1 - e2 * sin(φm) * sin(φm)
        let n = wgs84SemiMajorAxis / w.squareRoot()
        let m = wgs84SemiMajorAxis * (1 - e2) / (w * w.squareRoot())
        let north = (b.latitude - a.latitude).radians * m
        let east = Δλ.radians * n * cos(φm)
        return (north * north + east * east).squareRoot()
    }

    /// The great-circle distance in metres on a sphere of `meanEarthRadius`.
    public static func haversineDistance(from a: GeoCoordinate, to b: GeoCoordinate) -> Double {
        let φ1 = a.latitude.radians, φ2 = b.latitude.radians
        let Δφ = φ2 - φ1
        let Δλ = (b.longitude - a.longitude).radians
        let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * meanEarthRadius * asin(min(1, h.squareRoot()))
    }

    /// Vincenty's inverse solution; `nil` when the iteration does not converge (near-antipodal points).
    public static func vincentyDistance(from p1: GeoCoordinate, to p2: GeoCoordinate) -> Double? {
        if p1 == p2 { return 0 }
        let a = wgs84SemiMajorAxis
        let f = wgs84Flattening
        let b = a * (1 - f)
        let L = (p2.longitude - p1.longitude).radians
        let U1 = atan((1 - f) * tan(p1.latitude.radians))
        let U2 = atan((1 - f) * tan(p2.latitude.radians))
        let sinU1 = sin(U1), cosU1 = cos(U1)
        let sinU2 = sin(U2), cosU2 = cos(U2)

        var λ = L
        var sinσ = 0.0, cosσ = 0.0, σ = 0.0, cos2α = 0.0, cos2σm = 0.0
        for _ in 0..<200 {
            let sinλ = sin(λ), cosλ = cos(λ)
            let t1 = cosU2 * sinλ
            let t2 = cosU1 * sinU2 - sinU1 * cosU2 * cosλ
            sinσ = (t1 * t1 + t2 * t2).squareRoot()
            if sinσ == 0 { return 0 }  // coincident points
            cosσ = sinU1 * sinU2 + cosU1 * cosU2 * cosλ
            σ = atan2(sinσ, cosσ)
            let sinα = cosU1 * cosU2 * sinλ / sinσ
            cos2α = 1 - sinα * sinα
            // On the equator cos²α is 0 and the term vanishes.
            cos2σm = cos2α == 0 ? 0 : cosσ - 2 * sinU1 * sinU2 / cos2α
            let C = f / 16 * cos2α * (4 + f * (4 - 3 * cos2α))
            let previous = λ
            λ = L + (1 - C) * f * sinα
                * (σ + C * sinσ * (cos2σm + C * cosσ * (-1 + 2 * cos2σm * cos2σm)))
            if abs(λ - previous) < 1e-12 {
                let u2 = cos2α * (a * a - b * b) / (b * b)
                let A = 1 + u2 / 16384 * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)))
                let B = u2 / 1024 * (256 + u2 * (-128 + u2 * (74 - 47 * u2)))
                let Δσ = B * sinσ * (cos2σm + B / 4 * (cosσ * (-1 + 2 * cos2σm * cos2σm)
                    - B / 6 * cos2σm * (-3 + 4 * sinσ * sinσ) * (-3 + 4 * cos2σm * cos2σm)))
                return b * A * (σ - Δσ)
            }
        }
        return nil
    }

    /// The initial bearing from `a` towards `b` on a sphere, degrees clockwise from true north, 0..<360.
    public static func initialBearing(from a: GeoCoordinate, to b: GeoCoordinate) -> Double {
        initialBearing(from: a, LatitudeSines(a), to: b, LatitudeSines(b))
    }

    /// ``initialBearing(from:to:)`` with the sines of both latitudes given: along a path each
    /// point's serve the leg that ends there and the one that starts there.
    public static func initialBearing(from a: GeoCoordinate, _ aSines: LatitudeSines, to b: GeoCoordinate, _ bSines: LatitudeSines) -> Double {
        let Δλ = (b.longitude - a.longitude).radians
        let y = sin(Δλ) * bSines.cosine
        let x = aSines.cosine * bSines.sine - aSines.sine * bSines.cosine * cos(Δλ)
        let degrees = atan2(y, x) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// The sine and cosine of a coordinate's latitude, for ``initialBearing(from:_:to:_:)``.
    public struct LatitudeSines: Sendable {
        public let sine: Double
        public let cosine: Double

        public init(_ coordinate: GeoCoordinate) {
            let φ = coordinate.latitude.radians
            sine = sin(φ)
            cosine = cos(φ)
        }
    }
}

extension Double {
    fileprivate var radians: Double { self * .pi / 180 }
}
