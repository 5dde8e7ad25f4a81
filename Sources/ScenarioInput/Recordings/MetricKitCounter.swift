import Simulation

/// Where an `MXAppExitMetric` counts an exit: the app on screen or off it. The raw value is the
/// payload's JSON key.
public enum MetricKitExitData: String, CaseIterable, Hashable, Sendable {
    case foreground = "foregroundExitData"
    case background = "backgroundExitData"

    /// The MetricKit class, as the model's reports name it (`MXBackgroundExitData`).
    public var className: String { SimExitCategory.metricKitClass(inForeground: self == .foreground) }
}

/// One counter of a payload's `applicationExitMetrics`: a class and a property, the model's exit
/// category it counts (`nil`: none), and where the counter is documented.
public struct MetricKitCounter: Hashable, Sendable {
    public let exitData: MetricKitExitData
    /// The JSON key, as `jsonRepresentation()` writes it: `cumulativeMemoryPressureExitCount`.
    public let key: String
    /// The model's exit that this counter counts; `nil` for a counter with no such exit.
    public let category: SimExitCategory?
    /// Whether the SDK has the property; `false` for the counters only Xcode's simulated
    /// payloads carry (Debug › Simulate MetricKit Payloads).
    public let inSDK: Bool
    /// The page that documents it.
    public let source: String

    /// A counter of the SDK, keyed by its category's property.
    init(_ exitData: MetricKitExitData, _ category: SimExitCategory) {
        self.exitData = exitData
        self.key = category.metricKitProperty
        self.category = category
        self.inSDK = true
        let page = exitData == .foreground ? "mxforegroundexitdata" : "mxbackgroundexitdata"
        self.source = "https://developer.apple.com/documentation/metrickit/\(page)/\(key.lowercased())"
    }

    /// A counter only Xcode's simulated payloads write.
    init(simulated exitData: MetricKitExitData, key: String, category: SimExitCategory?) {
        self.exitData = exitData
        self.key = key
        self.category = category
        self.inSDK = false
        self.source = MetricKitCounter.simulatedSource
    }

    /// Chromium's test of its MetricKit subscriber notes these keys are "present in the simulated
    /// payload but not in the SDK".
    static let simulatedSource = "https://github.com/chromium/chromium/blob/main/ios/chrome/app/application_delegate/metric_kit_subscriber_unittest.mm"

    /// `MXBackgroundExitData.cumulativeMemoryPressureExitCount`.
    public var name: String { exitData.className + "." + key }

    /// The one table: every exit counter of a payload, in the order the reports list them.
    /// `MXBackgroundExitData` has all ten of the model's categories; `MXForegroundExitData` the
    /// normal, abnormal, watchdog, memory-limit, bad-access and illegal-instruction ones (Apple's
    /// class pages). Xcode's simulated payloads add three keys the SDK lacks.
    public static let all: [MetricKitCounter] = [
        MetricKitCounter(.background, .normalAppExit),
        MetricKitCounter(.background, .memoryResourceLimit),
        MetricKitCounter(.background, .cpuResourceLimit),
        MetricKitCounter(.background, .memoryPressureExit),
        MetricKitCounter(.background, .suspendedWithLockedFile),
        MetricKitCounter(.background, .illegalInstruction),
        MetricKitCounter(.background, .badAccess),
        MetricKitCounter(.background, .appWatchdog),
        MetricKitCounter(.background, .backgroundTaskAssertionTimeout),
        MetricKitCounter(.background, .abnormalExit),
        MetricKitCounter(.foreground, .normalAppExit),
        MetricKitCounter(.foreground, .memoryResourceLimit),
        MetricKitCounter(.foreground, .badAccess),
        MetricKitCounter(.foreground, .abnormalExit),
        MetricKitCounter(.foreground, .illegalInstruction),
        MetricKitCounter(.foreground, .appWatchdog),
        // A URL session's or a background fetch's completion handler not called in time: the
        // model ends no process for either.
        MetricKitCounter(simulated: .background, key: "cumulativeBackgroundURLSessionCompletionTimeoutExitCount", category: nil),
        MetricKitCounter(simulated: .background, key: "cumulativeBackgroundFetchCompletionTimeoutExitCount", category: nil),
        MetricKitCounter(simulated: .foreground, key: SimExitCategory.cpuResourceLimit.metricKitProperty, category: .cpuResourceLimit),
    ]

    /// The counter of a class's key; `nil` when the table has none.
    public static func named(_ key: String, in exitData: MetricKitExitData) -> MetricKitCounter? {
        all.first { $0.exitData == exitData && $0.key == key }
    }

    /// The counter that counts a run's first exit; `nil` when MetricKit counts none (no exit,
    /// a restart, an app update).
    public static func counting(_ category: SimExitCategory?, inForeground: Bool) -> MetricKitCounter? {
        guard let category else { return nil }
        let exitData: MetricKitExitData = inForeground ? .foreground : .background
        return all.first { $0.exitData == exitData && $0.category == category }
    }
}
