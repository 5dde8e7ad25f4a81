/// §5 and §7 by era: how an app gets its authorization, and which Info.plist keys that needs.
extension SimProfile {
    /// Before iOS 8 there is no request method: the first use of location services (standard
    /// updates, significant changes, region monitoring) shows the prompt, and allowing gives
    /// `authorized` (raw value 3, later renamed `authorizedAlways`). [doc]
    public var promptsOnFirstLocationUse: Bool { iOSVersion < 8 }

    /// The usage-description keys a request needs in this era: none before iOS 8;
    /// `NSLocationWhenInUseUsageDescription` for When In Use from iOS 8; for Always
    /// `NSLocationAlwaysUsageDescription` alone on iOS 8–10, and from iOS 11 both
    /// `NSLocationWhenInUseUsageDescription` and `NSLocationAlwaysAndWhenInUseUsageDescription`. [doc]
    public func usageDescriptions(always: Bool) -> [SimUsageDescription] {
        switch iOSVersion {
        case ..<8: []
        case 8...10: always ? [.locationAlways] : [.locationWhenInUse]
        default: always ? [.locationWhenInUse, .locationAlwaysAndWhenInUse] : [.locationWhenInUse]
        }
    }
}
