/// The mechanisms the readers and the picture know, one line each: their words and, when they
/// draw one, their lane builder. The picture draws the lanes in this order, under the wakes.
enum ScenarioMechanisms {
    static let all: [(words: any MechanismWords.Type, lanes: (any MechanismLanes.Type)?)] = [
        (LiveUpdateWords.self, LiveUpdateLanes.self),  // live updates and service sessions share the lane
        (ServiceSessionWords.self, nil),
        (RegionWords.self, RegionLanes.self),  // regions, visits and CLMonitor share the lane
        (VisitWords.self, nil),
        (MonitorWords.self, nil),
        (BGTaskWords.self, BGTaskLanes.self),
        (TransferWords.self, TransferLanes.self),
        (AudioWords.self, AudioLanes.self),
        (PushWords.self, PushLanes.self),
        (LocationPushWords.self, LocationPushLanes.self),  // location pushes' extension (§16)
        (DeviceWords.self, DeviceLanes.self),  // the device's conditions (§15): the phone's lane
        (ResourceWords.self, nil),  // the app's own CPU and memory (§15)
    ]
}
