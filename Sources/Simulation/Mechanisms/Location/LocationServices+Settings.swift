/// What the user changes in Settings, as a scenario makes it happen (§5).
extension LocationServices {
    /// The user sets the app's authorization.
    static func userSets(_ status: SimAuthorizationStatus, in system: SimSystem) {
        system.mechanism(LocationServices.self)?.changeAuthorization({ model in
            model.granted = status
            model.isProvisionalAlways = false
            model.isTemporary = false
        }, .settingsChanged, in: system)
    }

    /// The user turns precise location off (or on).
    static func userSets(_ accuracy: SimAccuracyAuthorization, in system: SimSystem) {
        system.mechanism(LocationServices.self)?.changeAuthorization({ $0.accuracy = accuracy }, .preciseLocationChanged, in: system)
    }

    /// The user switches Location Services for the whole device; the log notes it even when the
    /// app uses no location.
    static func userSwitchesLocationServices(on enabled: Bool, in system: SimSystem) {
        system.emit(.scenario(.locationServicesSwitched(on: enabled)))
        system.mechanism(LocationServices.self)?.changeAuthorization({ $0.servicesEnabled = enabled }, .locationServicesSwitched(on: enabled), in: system)
    }
}
