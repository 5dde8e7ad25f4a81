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
    ]
}
