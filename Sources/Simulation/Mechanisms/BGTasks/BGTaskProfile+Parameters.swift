/// The parameters of ``BGTaskProfile`` a scenario or a matrix may set (`profile: {base: ios17, …}`).
extension BGTaskProfile {
    public static let parameters: [SimProfileParameter.Parameter<BGTaskProfile>] = [
        .number("appRefreshSeconds", \.appRefreshSeconds, 0...3_600, .seconds, "how long a BGAppRefreshTask runs (§12: about 30 s)"),
        .number("processingSeconds", \.processingSeconds, 0...86_400, .seconds, "how long a BGProcessingTask runs (§12: minutes)"),
        .number("expirationLead", \.expirationLead, 0...3_600, .seconds, "how long before a task's end its expiration handler runs (§12)"),
        .flag("hasScheduler", \.hasScheduler, "whether BGTaskScheduler exists (iOS 13+)"),
        .count("maximumPendingRefreshRequests", \.maximumPendingRefreshRequests, 0...100, "app refresh requests pending at once (§12: 1)"),
        .count("maximumPendingProcessingRequests", \.maximumPendingProcessingRequests, 0...100, "processing requests pending at once (§12: 10)"),
        .flag("hasContinuedProcessing", \.hasContinuedProcessing, "whether BGContinuedProcessingTask exists (iOS 26+)"),
        .number("continuedProcessingStallSeconds", \.continuedProcessingStallSeconds, 0...86_400, .seconds,
                "seconds without progress before a continued processing task is expired (§12)"),
        .count("maximumRunningContinuedProcessingTasks", \.maximumRunningContinuedProcessingTasks, 0...100,
               "continued processing tasks running at once (§12)"),
        .count("backgroundFetchFirstIOSVersion", \.backgroundFetchFirstIOSVersion, 0...99, "the first iOS with background fetch (7)"),
        .number("refresh.delayMedian", \.refresh.delayMedian, 0...2_592_000, .seconds, "the app-refresh delay's median (§12: 2 h)"),
        .number("refresh.delayP90", \.refresh.delayP90, 0...2_592_000, .seconds, "the app-refresh delay's 90th percentile (§12: 8 h)"),
        .number("refresh.delayMinimum", \.refresh.delayMinimum, 0...2_592_000, .seconds, "the shortest app-refresh delay (§12: 15 min)"),
        .number("refresh.backoff", \.refresh.backoff, 1...100, .factor, "the delay's factor per run without an opening (§12: 2)"),
        .count("refresh.maxRunsWithoutUse", \.refresh.maxRunsWithoutUse, 0...1_000, "runs without an opening before none (§12: 4)"),
        .number("refresh.recentUseDays", \.refresh.recentUseDays, 0...3_650, .days, "days since the last opening after which none runs (§12: 7)"),
        .number("refresh.learningHours", \.refresh.learningHours, 0...87_600, .hours, "hours a new install waits before its first run (§12: 0; the field 24–96)"),
    ]

    /// What the parameters set together rule out, or `nil`.
    public var parameterConflict: String? {
        refresh.delayP90 < refresh.delayMedian ? "bgTasks.refresh.delayP90 is below bgTasks.refresh.delayMedian" : nil
    }
}
