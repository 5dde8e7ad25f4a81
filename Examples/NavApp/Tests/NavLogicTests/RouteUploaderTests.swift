import Foundation
import NavLogic
import Simulation
import Testing

/// The simulated app: on leaving the screen it uploads a route through RouteUploader; the
/// "server" answers after `answerSeconds`. No location updates, so the background time is the
/// profile's budget (30 s on iOS 17).
@MainActor
final class UploadingApp: SimAppDelegate {
    let answerSeconds: Double
    let route = (0..<3).map { RoutePoint(latitude: 47, longitude: 8 + Double($0) / 1_000, timestamp: Date(timeIntervalSince1970: Double($0))) }
    private(set) var uploader: RouteUploader<SimApplication>?

    init(answerSeconds: Double) { self.answerSeconds = answerSeconds }

    func applicationDidFinishLaunching(_ application: SimApplication, inBackground: Bool) {
        let seconds = answerSeconds
        uploader = RouteUploader(application: application) { _, done in application.schedule(after: seconds, done) }
    }

    func applicationDidEnterBackground(_ application: SimApplication) {
        uploader?.upload(route)
    }
}

@MainActor @Suite struct RouteUploaderTests {
    private let commute = trip(driving: 300, until: 1_500)

    private func run(answerSeconds: Double) -> (UploadingApp, SimulationResult) {
        let app = UploadingApp(answerSeconds: answerSeconds)
        var configuration = SimulationConfiguration(trajectory: commute, profile: .iOS17)
        configuration.timeline = [SimScenarioEvent(at: 100, .enterBackground)]
        let simulation = KeepAliveSimulation(configuration, app: app)
        simulation.run(untilSeconds: 400)
        return (app, simulation.result())
    }

    private func taskEvents(_ result: SimulationResult) -> [String] {
        result.events.compactMap { event in
            switch event.detail {
            case .taskBegin(let record, _): "\(Int(event.time)) begin \(record.name)"
            case .taskEnd(let record, let seconds): "\(Int(event.time)) end \(record.name) after \(Int(seconds))"
            case .taskExpiration(let record): "\(Int(event.time)) expiration \(record.name)"
            default: nil
            }
        }
    }

    @Test func anUploadThatAnswersEndsItsTask() {
        let (app, result) = run(answerSeconds: 20)
        #expect(app.uploader?.outcomes == [.sent(points: 3)])
        #expect(taskEvents(result) == ["100 begin route-upload", "120 end route-upload after 20"])
    }

    /// The server never answers within the budget: the expiration handler ends the task, and
    /// the late answer changes nothing.
    @Test func anUploadOutlastingTheBudgetIsEndedByItsHandler() {
        let (app, result) = run(answerSeconds: 250)
        #expect(app.uploader?.outcomes == [.expired])
        // The 30 s budget is spent at 130; the handler ends the task there, before the suspension.
        #expect(taskEvents(result) == ["100 begin route-upload", "130 expiration route-upload", "130 end route-upload after 30"])
    }
}
