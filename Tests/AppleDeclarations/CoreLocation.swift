// Core Location's declarations, copied by hand from Apple's documentation (iOS), each with its
// page: the signatures only, so that the shapes in PlatformShapes can be checked against
// Apple's types on Linux, where Core Location does not exist (AppleShapeTests).
//
// What Linux cannot say is left out and named: `@objc optional` (the delegate's methods get
// empty defaults instead, which is what optional means to a caller), `NSCopying` and
// `NSSecureCoding`, availability and deprecation attributes. Stored properties hold the
// defaults Apple documents; a member whose value Apple does not document stops the test with
// `declarationOnly()`. This module is named so it cannot clash with the real Core Location.
import Foundation

func declarationOnly(_ function: StaticString = #function) -> Never {
    fatalError("AppleDeclarations: \(function) is a signature, not an implementation")
}

// https://developer.apple.com/documentation/corelocation/cllocationdegrees
public typealias CLLocationDegrees = Double
// https://developer.apple.com/documentation/corelocation/cllocationdistance
public typealias CLLocationDistance = Double
// https://developer.apple.com/documentation/corelocation/cllocationaccuracy
public typealias CLLocationAccuracy = Double
// https://developer.apple.com/documentation/corelocation/cllocationspeed
public typealias CLLocationSpeed = Double
// https://developer.apple.com/documentation/corelocation/cllocationdirection
public typealias CLLocationDirection = Double

// https://developer.apple.com/documentation/corelocation/kcldistancefilternone
public let kCLDistanceFilterNone: CLLocationDistance = -1
// https://developer.apple.com/documentation/corelocation/kcllocationaccuracybest
public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
// https://developer.apple.com/documentation/corelocation/kcllocationaccuracybestfornavigation
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2

// https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d
public struct CLLocationCoordinate2D: Sendable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees
    public init() {
        latitude = 0
        longitude = 0
    }
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

// https://developer.apple.com/documentation/corelocation/clauthorizationstatus
public enum CLAuthorizationStatus: Int32, @unchecked Sendable {
    case notDetermined = 0
    case restricted = 1
    case denied = 2
    case authorizedAlways = 3
    case authorizedWhenInUse = 4
}

// https://developer.apple.com/documentation/corelocation/claccuracyauthorization
public enum CLAccuracyAuthorization: Int, @unchecked Sendable {
    case fullAccuracy = 0
    case reducedAccuracy = 1
}

// https://developer.apple.com/documentation/corelocation/clactivitytype
public enum CLActivityType: Int, @unchecked Sendable {
    case other = 1
    case automotiveNavigation = 2
    case fitness = 3
    case otherNavigation = 4
    case airborne = 5
}

// https://developer.apple.com/documentation/corelocation/clregionstate
public enum CLRegionState: Int, @unchecked Sendable {
    case unknown = 0
    case inside = 1
    case outside = 2
}

// https://developer.apple.com/documentation/corelocation/cllocation
open class CLLocation: NSObject {
    // https://developer.apple.com/documentation/corelocation/cllocation/coordinate
    open private(set) var coordinate: CLLocationCoordinate2D
    // https://developer.apple.com/documentation/corelocation/cllocation/altitude
    open private(set) var altitude: CLLocationDistance
    // https://developer.apple.com/documentation/corelocation/cllocation/horizontalaccuracy
    open private(set) var horizontalAccuracy: CLLocationAccuracy
    // https://developer.apple.com/documentation/corelocation/cllocation/verticalaccuracy
    open private(set) var verticalAccuracy: CLLocationAccuracy
    // https://developer.apple.com/documentation/corelocation/cllocation/speed
    open private(set) var speed: CLLocationSpeed
    // https://developer.apple.com/documentation/corelocation/cllocation/course
    open private(set) var course: CLLocationDirection
    // https://developer.apple.com/documentation/corelocation/cllocation/timestamp
    open private(set) var timestamp: Date

    // https://developer.apple.com/documentation/corelocation/cllocation/init(coordinate:altitude:horizontalaccuracy:verticalaccuracy:course:speed:timestamp:)
    public init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy hAccuracy: CLLocationAccuracy,
                verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, speed: CLLocationSpeed, timestamp: Date) {
        self.coordinate = coordinate
        self.altitude = altitude
        horizontalAccuracy = hAccuracy
        verticalAccuracy = vAccuracy
        self.course = course
        self.speed = speed
        self.timestamp = timestamp
    }

    // https://developer.apple.com/documentation/corelocation/cllocation/distance(from:)
    open func distance(from location: CLLocation) -> CLLocationDistance { declarationOnly() }
}

// https://developer.apple.com/documentation/corelocation/clregion
open class CLRegion: NSObject {
    // https://developer.apple.com/documentation/corelocation/clregion/identifier
    open private(set) var identifier: String
    // https://developer.apple.com/documentation/corelocation/clregion/notifyonentry (default true)
    open var notifyOnEntry = true
    // https://developer.apple.com/documentation/corelocation/clregion/notifyonexit (default true)
    open var notifyOnExit = true

    // Not Apple's: CLRegion has no public initializer; its subclasses set the identifier.
    init(identifier: String) {
        self.identifier = identifier
    }
}

// https://developer.apple.com/documentation/corelocation/clcircularregion
open class CLCircularRegion: CLRegion {
    // https://developer.apple.com/documentation/corelocation/clcircularregion/center
    open private(set) var center: CLLocationCoordinate2D
    // https://developer.apple.com/documentation/corelocation/clcircularregion/radius
    open private(set) var radius: CLLocationDistance

    // https://developer.apple.com/documentation/corelocation/clcircularregion/init(center:radius:identifier:)
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        self.center = center
        self.radius = radius
        super.init(identifier: identifier)
    }

    // https://developer.apple.com/documentation/corelocation/clcircularregion/contains(_:)
    open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool { declarationOnly() }
}

// https://developer.apple.com/documentation/corelocation/clvisit
open class CLVisit: NSObject {
    // https://developer.apple.com/documentation/corelocation/clvisit/arrivaldate
    open var arrivalDate: Date { declarationOnly() }
    // https://developer.apple.com/documentation/corelocation/clvisit/departuredate
    open var departureDate: Date { declarationOnly() }
    // https://developer.apple.com/documentation/corelocation/clvisit/coordinate
    open var coordinate: CLLocationCoordinate2D { declarationOnly() }
    // https://developer.apple.com/documentation/corelocation/clvisit/horizontalaccuracy
    open var horizontalAccuracy: CLLocationAccuracy { declarationOnly() }
}

// https://developer.apple.com/documentation/corelocation/cllocationmanager
open class CLLocationManager: NSObject {
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/delegate
    open weak var delegate: (any CLLocationManagerDelegate)?
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/distancefilter (default kCLDistanceFilterNone)
    open var distanceFilter: CLLocationDistance = kCLDistanceFilterNone
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/desiredaccuracy (default kCLLocationAccuracyBest)
    open var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/allowsbackgroundlocationupdates (default false)
    open var allowsBackgroundLocationUpdates = false
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/pauseslocationupdatesautomatically (default true)
    open var pausesLocationUpdatesAutomatically = true
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/showsbackgroundlocationindicator (default false)
    open var showsBackgroundLocationIndicator = false
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/activitytype (default .other)
    open var activityType = CLActivityType.other
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/location (nil until a fix)
    open private(set) var location: CLLocation?
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/authorizationstatus (notDetermined until asked)
    open private(set) var authorizationStatus = CLAuthorizationStatus.notDetermined
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/accuracyauthorization
    open var accuracyAuthorization: CLAccuracyAuthorization { declarationOnly() }
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/monitoredregions
    open private(set) var monitoredRegions: Set<CLRegion> = []
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/maximumregionmonitoringdistance
    open var maximumRegionMonitoringDistance: CLLocationDistance { declarationOnly() }

    // https://developer.apple.com/documentation/corelocation/cllocationmanager/init()
    public override init() {}

    // https://developer.apple.com/documentation/corelocation/cllocationmanager/locationservicesenabled()
    open class func locationServicesEnabled() -> Bool { declarationOnly() }
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/requestwheninuseauthorization()
    open func requestWhenInUseAuthorization() {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/requestalwaysauthorization()
    open func requestAlwaysAuthorization() {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/startupdatinglocation()
    open func startUpdatingLocation() {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/stopupdatinglocation()
    open func stopUpdatingLocation() {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/requestlocation()
    open func requestLocation() {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/startmonitoringsignificantlocationchanges()
    open func startMonitoringSignificantLocationChanges() {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/stopmonitoringsignificantlocationchanges()
    open func stopMonitoringSignificantLocationChanges() {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/startmonitoring(for:)
    open func startMonitoring(for region: CLRegion) {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/stopmonitoring(for:)
    open func stopMonitoring(for region: CLRegion) {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/startmonitoringvisits()
    open func startMonitoringVisits() {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/stopmonitoringvisits()
    open func stopMonitoringVisits() {}
}

// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didupdatelocations:)
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didfailwitherror:)
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagerdidchangeauthorization(_:)
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagerdidpauselocationupdates(_:)
    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager)
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanagerdidresumelocationupdates(_:)
    func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager)
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didenterregion:)
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion)
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didexitregion:)
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion)
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:monitoringdidfailfor:witherror:)
    func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error)
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didstartmonitoringfor:)
    func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion)
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:diddeterminestate:for:)
    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion)
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didvisit:)
    func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit)
}

// `@objc optional` in Apple's declaration: a delegate implements only what it needs.
extension CLLocationManagerDelegate {
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    public func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {}
    public func locationManagerDidResumeLocationUpdates(_ manager: CLLocationManager) {}
    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error) {}
    public func locationManager(_ manager: CLLocationManager, didStartMonitoringFor region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, didVisit visit: CLVisit) {}
}

// https://developer.apple.com/documentation/corelocation/cllocationupdate (iOS 17)
public struct CLLocationUpdate {
    // https://developer.apple.com/documentation/corelocation/cllocationupdate/location
    public var location: CLLocation? { declarationOnly() }
    // https://developer.apple.com/documentation/corelocation/cllocationupdate/isstationary
    public var isStationary: Bool { declarationOnly() }
    // iOS 18, https://developer.apple.com/documentation/corelocation/cllocationupdate/stationary
    public var stationary: Bool { declarationOnly() }
    // iOS 18, https://developer.apple.com/documentation/corelocation/cllocationupdate/accuracylimited
    public var accuracyLimited: Bool { declarationOnly() }
    // iOS 18, https://developer.apple.com/documentation/corelocation/cllocationupdate/authorizationdenied
    public var authorizationDenied: Bool { declarationOnly() }
    // iOS 18, https://developer.apple.com/documentation/corelocation/cllocationupdate/authorizationdeniedglobally
    public var authorizationDeniedGlobally: Bool { declarationOnly() }
    // iOS 18, https://developer.apple.com/documentation/corelocation/cllocationupdate/authorizationrequestinprogress
    public var authorizationRequestInProgress: Bool { declarationOnly() }
    // iOS 18, https://developer.apple.com/documentation/corelocation/cllocationupdate/authorizationrestricted
    public var authorizationRestricted: Bool { declarationOnly() }
    // iOS 18, https://developer.apple.com/documentation/corelocation/cllocationupdate/insufficientlyinuse
    public var insufficientlyInUse: Bool { declarationOnly() }
    // iOS 18, https://developer.apple.com/documentation/corelocation/cllocationupdate/locationunavailable
    public var locationUnavailable: Bool { declarationOnly() }
    // iOS 18, https://developer.apple.com/documentation/corelocation/cllocationupdate/servicesessionrequired
    public var serviceSessionRequired: Bool { declarationOnly() }

    // https://developer.apple.com/documentation/corelocation/cllocationupdate/liveconfiguration
    // (an enum; raw values 0–4 as CLLiveUpdateConfiguration's, which Swift does not expose)
    public enum LiveConfiguration {
        case `default`
        case automotiveNavigation
        case otherNavigation
        case fitness
        case airborne
    }

    // https://developer.apple.com/documentation/corelocation/cllocationupdate/liveupdates(_:)
    // Not a throwing function: the sequence throws as it is iterated.
    public static func liveUpdates(_ configuration: CLLocationUpdate.LiveConfiguration = .default) -> CLLocationUpdate.Updates {
        declarationOnly()
    }

    // https://developer.apple.com/documentation/corelocation/cllocationupdate/updates
    public struct Updates: AsyncSequence, Sendable {
        public typealias Element = CLLocationUpdate
        // https://developer.apple.com/documentation/corelocation/cllocationupdate/updates/makeasynciterator()
        public func makeAsyncIterator() -> CLLocationUpdate.Updates.Iterator { declarationOnly() }

        // https://developer.apple.com/documentation/corelocation/cllocationupdate/updates/iterator
        public struct Iterator: AsyncIteratorProtocol {
            // https://developer.apple.com/documentation/corelocation/cllocationupdate/updates/iterator/next()
            public mutating func next() async throws -> CLLocationUpdate.Updates.Element? { declarationOnly() }
        }
    }
}

// https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3 (iOS 17)
public class CLBackgroundActivitySession {
    // https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3/init()
    public init() {}
    // https://developer.apple.com/documentation/corelocation/clbackgroundactivitysession-3mzv3/invalidate()
    public final func invalidate() {}
}

// https://developer.apple.com/documentation/corelocation/clservicesession-pt7n (iOS 18)
public final class CLServiceSession {
    // https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/authorizationrequirement
    public enum AuthorizationRequirement {
        case none
        case whenInUse
        case always
    }

    // https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostic
    public struct Diagnostic {
        // https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostic/alwaysauthorizationdenied
        public var alwaysAuthorizationDenied: Bool { declarationOnly() }
        // https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostic/authorizationdenied
        public var authorizationDenied: Bool { declarationOnly() }
        // https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostic/authorizationdeniedglobally
        public var authorizationDeniedGlobally: Bool { declarationOnly() }
        // https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostic/authorizationrequestinprogress
        public var authorizationRequestInProgress: Bool { declarationOnly() }
        // https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostic/authorizationrestricted
        public var authorizationRestricted: Bool { declarationOnly() }
        // https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostic/fullaccuracydenied
        public var fullAccuracyDenied: Bool { declarationOnly() }
        // https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostic/insufficientlyinuse
        public var insufficientlyInUse: Bool { declarationOnly() }
        // https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostic/servicesessionrequired
        public var serviceSessionRequired: Bool { declarationOnly() }
    }

    // The type of diagnostics-swift.property (below): a class, as the mangled name there says
    // (`…DiagnosticsC`), an async sequence of Diagnostic. Its iterator is taken to throw as
    // CLBackgroundActivitySession.Diagnostics.Iterator's does; the shape allows either.
    public final class Diagnostics: AsyncSequence {
        public typealias Element = CLServiceSession.Diagnostic
        public func makeAsyncIterator() -> Iterator { declarationOnly() }
        public struct Iterator: AsyncIteratorProtocol {
            public mutating func next() async throws -> CLServiceSession.Diagnostic? { declarationOnly() }
        }
    }

    // https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/init(authorization:)
    public init(authorization: CLServiceSession.AuthorizationRequirement) {}
    // https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/diagnostics-swift.property
    public final var diagnostics: CLServiceSession.Diagnostics { declarationOnly() }
    // https://developer.apple.com/documentation/corelocation/clservicesession-pt7n/invalidate()
    public final func invalidate() {}
}

// https://developer.apple.com/documentation/corelocation/clmonitoringstate (the Swift name of
// CLMonitor.Event.State; a struct, as the mangled names on the CLMonitor pages say: `So17CLMonitoringStateV`)
public struct CLMonitoringState: RawRepresentable, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/corelocation/clmonitoringstate/clmonitoringstateunknown
    public static let unknown = CLMonitoringState(rawValue: 0)
    // https://developer.apple.com/documentation/corelocation/clmonitoringstate/clmonitoringstatesatisfied
    public static let satisfied = CLMonitoringState(rawValue: 1)
    // https://developer.apple.com/documentation/corelocation/clmonitoringstate/clmonitoringstateunsatisfied
    public static let unsatisfied = CLMonitoringState(rawValue: 2)
    // https://developer.apple.com/documentation/corelocation/clmonitoringstate/clmonitoringstateunmonitored
    public static let unmonitored = CLMonitoringState(rawValue: 3)
}

// https://developer.apple.com/documentation/corelocation/clcondition-swift.protocol (Sendable:
// CLMonitor.Record, which holds one, is Sendable)
public protocol CLCondition: Sendable {}

// https://developer.apple.com/documentation/corelocation/clmonitor-2r51v (iOS 17)
public actor CLMonitor {
    // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/circulargeographiccondition
    public struct CircularGeographicCondition: CLCondition {
        // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/circulargeographiccondition/center
        public let center: CLLocationCoordinate2D
        // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/circulargeographiccondition/radius
        public let radius: CLLocationDistance
        // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/circulargeographiccondition/init(center:radius:)
        public init(center: CLLocationCoordinate2D, radius: CLLocationDistance) {
            self.center = center
            self.radius = radius
        }
    }

    // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/event
    public struct Event: Sendable {
        // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/event/state-swift.property
        public typealias State = CLMonitoringState
        // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/event/identifier
        public var identifier: String { declarationOnly() }
        // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/event/state-swift.property
        public var state: CLMonitor.Event.State { declarationOnly() }
        // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/event/date
        public var date: Date { declarationOnly() }
        // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/event/refinement
        public let refinement: (any CLCondition)?
        // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/event/accuracylimited
        public var accuracyLimited: Bool { declarationOnly() }
        // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/event/conditionunsupported
        public var conditionUnsupported: Bool { declarationOnly() }
        // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/event/conditionlimitexceeded
        public var conditionLimitExceeded: Bool { declarationOnly() }
    }

    // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/record
    public struct Record: Sendable {
        // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/record/condition
        public let condition: any CLCondition
        // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/record/lastevent
        public let lastEvent: CLMonitor.Event
    }

    // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/events-swift.struct
    public struct Events: AsyncSequence, Sendable {
        public typealias Element = CLMonitor.Event
        public func makeAsyncIterator() -> Iterator { declarationOnly() }
        // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/events-swift.struct/iterator
        public struct Iterator: AsyncIteratorProtocol {
            public mutating func next() async throws -> CLMonitor.Event? { declarationOnly() }
        }
    }

    // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/init(_:)
    public init(_ name: String) async {}
    // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/events-swift.property
    public let events = CLMonitor.Events()
    // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/identifiers
    public var identifiers: [String] { declarationOnly() }
    // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/add(_:identifier:)
    public func add(_ Condition: any CLCondition, identifier: String) { declarationOnly() }
    // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/add(_:identifier:assuming:)
    public func add(_ condition: any CLCondition, identifier: String, assuming state: CLMonitor.Event.State) { declarationOnly() }
    // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/remove(_:)
    public func remove(_ identifier: String) { declarationOnly() }
    // https://developer.apple.com/documentation/corelocation/clmonitor-2r51v/record(for:)
    public func record(for identifier: String) -> CLMonitor.Record? { declarationOnly() }
}

// https://developer.apple.com/documentation/corelocation/clerror-swift.struct (an `NSError`
// bridge on Apple platforms: here a plain error with its code)
public struct CLError: Error, CustomNSError, Hashable {
    // https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code
    // (raw values: CLError.h's kCLError… constants)
    public enum Code: Int, Hashable, @unchecked Sendable {
        case locationUnknown = 0
        case denied = 1
        case network = 2
        case headingFailure = 3
        case regionMonitoringDenied = 4
        case regionMonitoringFailure = 5
        case regionMonitoringSetupDelayed = 6
        case regionMonitoringResponseDelayed = 7
        case geocodeFoundNoResult = 8
        case geocodeFoundPartialResult = 9
        case geocodeCanceled = 10
        case deferredFailed = 11
        case deferredNotUpdatingLocation = 12
        case deferredAccuracyTooLow = 13
        case deferredDistanceFiltered = 14
        case deferredCanceled = 15
        case rangingUnavailable = 16
        case rangingFailure = 17
        case promptDeclined = 18
        case historicalLocationError = 19
    }
    // https://developer.apple.com/documentation/corelocation/clerror-swift.struct/code-swift.property
    public let code: Code
    // Not Apple's page: the initializer every bridged error struct has.
    public init(_ code: Code, userInfo: [String: Any] = [:]) { self.code = code }
    // https://developer.apple.com/documentation/corelocation/kclerrordomain
    public static var errorDomain: String { "kCLErrorDomain" }
    // https://developer.apple.com/documentation/corelocation/clerror-swift.struct/denied (and the others)
    public static var locationUnknown: Code { .locationUnknown }
    public static var denied: Code { .denied }
    public static var network: Code { .network }
    public static var regionMonitoringDenied: Code { .regionMonitoringDenied }
    public static var regionMonitoringFailure: Code { .regionMonitoringFailure }
    public static var promptDeclined: Code { .promptDeclined }
}
