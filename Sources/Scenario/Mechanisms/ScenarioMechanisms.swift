/// The mechanisms the readers know, one line each: their words. (Their lanes are
/// ``MechanismLanes``' properties.)
enum ScenarioMechanisms {
    static let all: [any MechanismWords.Type] = [
        LiveUpdateWords.self,
        ServiceSessionWords.self,
        RegionWords.self,
        VisitWords.self,
        MonitorWords.self,
        BGTaskWords.self,
        TransferWords.self,
        AudioWords.self,
        PushWords.self,
        DeviceWords.self,  // the device's conditions (§15)
        ResourceWords.self,  // the app's own CPU and memory (§15)
    ]
}
