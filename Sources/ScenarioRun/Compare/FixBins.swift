import ScenarioInput

/// When a side of a comparison had fixes: the trip cut into ``count`` equal bins, each marked
/// when a fix was taken in it. What the picture draws as ticks, in flat memory whatever the
/// trip's length or the recording's.
public struct FixBins: Hashable, Sendable {
    /// Bins over the trip: more than the picture's time axis has pixel columns.
    public static let count = 1_000

    /// The trip's start and length, in seconds from the start.
    public let start: Double
    public let duration: Double
    private var marked: [Bool]

    public init(start: Double, duration: Double) {
        self.start = start
        self.duration = max(duration, 1)
        marked = Array(repeating: false, count: Self.count)
    }

    /// A fix taken at `time`, seconds from the start; outside the trip, not marked.
    public mutating func add(_ time: Double) {
        guard time >= start, time <= start + duration else { return }
        marked[min(Self.count - 1, Int((time - start) / duration * Double(Self.count)))] = true
    }

    /// The marked bins as time spans, each `(from, to)` in seconds from the start, in order.
    public var spans: [(from: Double, to: Double)] {
        let width = duration / Double(Self.count)
        return marked.indices.filter { marked[$0] }.map { (start + Double($0) * width, start + Double($0 + 1) * width) }
    }
}

/// The latitudes and longitudes a recording spans, gathered as it streams.
public struct RecordingExtent: Hashable, Sendable {
    public private(set) var minLatitude = Double.infinity
    public private(set) var maxLatitude = -Double.infinity
    public private(set) var minLongitude = Double.infinity
    public private(set) var maxLongitude = -Double.infinity

    public init() {}

    /// Whether no fix was added.
    public var isEmpty: Bool { minLatitude > maxLatitude }

    public mutating func add(latitude: Double, longitude: Double) {
        minLatitude = min(minLatitude, latitude)
        maxLatitude = max(maxLatitude, latitude)
        minLongitude = min(minLongitude, longitude)
        maxLongitude = max(maxLongitude, longitude)
    }
}
