// The route upload on the device: UIApplication's background time for the shared RouteUploader.
// On Linux this module is empty.
#if canImport(UIKit) && os(iOS)
import NavLogic
import UIKit

/// A RouteUploader of the app itself; `send` is the app's network call.
@MainActor
public func makeRouteUploader(send: @escaping ([RoutePoint], @escaping @MainActor () -> Void) -> Void) -> RouteUploader<UIApplication> {
    RouteUploader(application: UIApplication.shared, send: send)
}

/// The route refresh of the app itself: `RouteRefresh` registers with `BGTaskScheduler.shared`
/// through its shape, `AppTaskScheduler.shared`; call it before launch finishes.
@MainActor
public func makeRouteRefresh(work: @escaping (@escaping @MainActor () -> Void) -> Void) -> RouteRefresh {
    let refresh = RouteRefresh(work: work)
    refresh.register()
    return refresh
}
#endif
