import Foundation

extension SimLocationManager {
    /// `startMonitoringLocationPushes(completion:)` (iOS 15): `completion` gets the APNs token
    /// for location pushes, or a ``SimLocationPushServiceError``, on a later turn of the run
    /// loop. The token is the same fixed bytes in every run. [model]
    public func startMonitoringLocationPushes(completion: (@MainActor (Data?, (any Error)?) -> Void)? = nil) {
        guard let system, !retired, let pushes = system.mechanism(LocationPushes.self) else { return }
        let error = pushes.startMonitoring(in: system)
        guard let completion else { return }
        system.scheduleAppWork(after: 0) {
            if let error { completion(nil, error) } else { completion(Self.locationPushToken, nil) }
        }
    }

    /// `startMonitoringLocationPushes() async throws -> Data` (iOS 15).
    public func startMonitoringLocationPushes() async throws -> Data {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data, any Error>) in
            startMonitoringLocationPushes { token, error in
                if let token { continuation.resume(returning: token) } else { continuation.resume(throwing: error ?? SimLocationPushServiceError.unknown) }
            }
        }
    }

    /// `stopMonitoringLocationPushes()`.
    public func stopMonitoringLocationPushes() {
        guard let system, !retired else { return }
        system.mechanism(LocationPushes.self)?.stopMonitoring(in: system)
    }

    /// The APNs token every run's start gives: 32 bytes, as APNs tokens have.
    static let locationPushToken = Data(repeating: 0x4C, count: 32)
}
