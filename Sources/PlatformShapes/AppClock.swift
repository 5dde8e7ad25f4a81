import Foundation

#if !os(iOS)
/// `Date()` in a shape a test can move: app code that asks "what time is it" writes
/// `AppClock.now`, which is `Date()` on the device and the simulation's virtual time here (the
/// trajectory's start date plus the run's seconds; `Date()` itself cannot be intercepted). Off any
/// simulation it is `Date()`.
public enum AppClock {
    /// Now, on the device the code runs on.
    @MainActor public static var now: Date {
        SimulatedPlatformBinding.current?.now ?? Date()
    }
}
#endif

#if canImport(Darwin) && os(iOS)
/// `Date()`: app code writes `AppClock.now` so that a test can give it the simulation's time.
public enum AppClock {
    /// `Date()`.
    public static var now: Date { Date() }
}
#endif
