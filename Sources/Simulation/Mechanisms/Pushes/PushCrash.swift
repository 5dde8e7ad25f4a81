/// How iOS ends an app for its pushes (§14): a `SimCrash.pushes`.
public enum PushCrash: Hashable, Sendable, Codable {
    /// A VoIP push the app did not report to CallKit as a call (iOS 13+).
    case voipWithoutCall
}

extension PushCrash {
    /// iOS kills the app (0xbaadca11); MetricKit has no counter of its own for it. [model]
    var exitCategory: SimExitCategory { .abnormalExit }
}
