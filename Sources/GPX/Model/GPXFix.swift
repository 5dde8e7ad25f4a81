/// The kind of GPS fix a point was recorded with (`<fix>`).
public enum GPXFix: String, Hashable, Sendable, Codable, CaseIterable {
    case none
    case twoD = "2d"
    case threeD = "3d"
    case dgps
    case pps
}
