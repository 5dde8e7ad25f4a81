/// The mechanisms the picture draws a lane for, one line each, in the order it draws them under
/// the wakes. (Their words: ``MechanismWords``.)
enum ScenarioMechanisms {
    static let all: [any MechanismLanes.Type] = [
        LiveUpdateLanes.self,  // live updates and service sessions share the lane
        RegionLanes.self,  // regions, visits and CLMonitor share the lane
        BGTaskLanes.self,
        TransferLanes.self,
        AudioLanes.self,
        PushLanes.self,
        DeviceLanes.self,  // the device's conditions (§15): the phone's lane
    ]
}
