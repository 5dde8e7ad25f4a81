/// One number or switch of a profile that a scenario or a matrix may set (`profile: {base: ios17,
/// regions.crossingDistance: 300}`): its name, its kind and range, and the key path it writes.
///
/// Each mechanism lists its own (`RegionProfile.parameters`); ``SimProfile/parameters`` gathers
/// them, one line a mechanism. The name is declared once, beside a compile-checked key path.
public struct SimProfileParameter: Sendable {
    /// `regions.crossingDistance`: the mechanism, a dot, the property.
    public let name: String
    /// What values it takes.
    public let kind: SimParameterKind
    /// One line for messages and docs: what it sets.
    public let summary: String
    private let write: @Sendable (inout SimProfile, SimParameterValue) -> Void
    private let read: @Sendable (SimProfile) -> SimParameterValue

    /// Sets the parameter; a value of another kind, or out of range, is refused (`false`).
    @discardableResult
    public func set(_ value: SimParameterValue, in profile: inout SimProfile) -> Bool {
        guard kind.accepts(value) else { return false }
        write(&profile, value)
        return true
    }

    /// The parameter's value in `profile`.
    public func value(in profile: SimProfile) -> SimParameterValue { read(profile) }

    private init(name: String, kind: SimParameterKind, summary: String,
                 write: @escaping @Sendable (inout SimProfile, SimParameterValue) -> Void,
                 read: @escaping @Sendable (SimProfile) -> SimParameterValue) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.write = write
        self.read = read
    }
}

/// What a parameter takes.
public enum SimParameterKind: Hashable, Sendable {
    /// A number in a range, in a unit.
    case number(ClosedRange<Double>, SimParameterUnit)
    /// A number in a range, or `off` (a what-if that is off by default, a limit that can be lifted).
    case numberOrOff(ClosedRange<Double>, SimParameterUnit)
    /// `true` or `false`.
    case flag
    /// `true`, `false`, or `era` (the era decides).
    case flagOrEra
    /// An iOS release, or `never`.
    case version
    /// A list of the kinds of background run (§4's background-start rule).
    case wakeKinds
    /// One of these names (an enumeration's raw values).
    case choice([String])

    /// Whether `value` is of this kind and in range.
    public func accepts(_ value: SimParameterValue) -> Bool {
        switch (self, value) {
        case (.number(let range, _), .number(let number)): range.contains(number)
        case (.numberOrOff(let range, _), .numberOrOff(let number)): number.map(range.contains) ?? true
        case (.flag, .flag), (.flagOrEra, .flagOrEra), (.version, .version), (.wakeKinds, .wakeKinds): true
        case (.choice(let names), .choice(let name)): names.contains(name)
        default: false
        }
    }
}

/// The unit of a numeric parameter, for messages and docs.
public enum SimParameterUnit: String, Hashable, Sendable {
    case seconds, metres, fraction, count, megabytes, perSecond = "per second", perHour = "per hour", hours, days, factor
}

/// A parameter's value.
public enum SimParameterValue: Hashable, Sendable {
    case number(Double)
    case numberOrOff(Double?)
    case flag(Bool)
    case flagOrEra(Bool?)
    case version(SimOSVersion?)
    case wakeKinds(Set<KeepAliveStartWake>)
    case choice(String)
}

extension SimProfileParameter.Parameter {
    /// A `Double` of `Root` at `path` in `range`.
    public static func number(
        _ name: String, _ path: WritableKeyPath<Root, Double> & Sendable, _ range: ClosedRange<Double>, _ unit: SimParameterUnit,
        _ summary: String
    ) -> Self {
        Self(name: name, kind: .number(range, unit), summary: summary,
                  write: { root, value in if case .number(let number) = value { root[keyPath: path] = number } },
                  read: { .number($0[keyPath: path]) })
    }

    /// A `Double?` of `Root` at `path` in `range`, `nil` written `off`.
    public static func numberOrOff(
        _ name: String, _ path: WritableKeyPath<Root, Double?> & Sendable, _ range: ClosedRange<Double>, _ unit: SimParameterUnit,
        _ summary: String
    ) -> Self {
        Self(name: name, kind: .numberOrOff(range, unit), summary: summary,
             write: { root, value in if case .numberOrOff(let number) = value { root[keyPath: path] = number } },
             read: { .numberOrOff($0[keyPath: path]) })
    }

    /// An `Int` of `Root` at `path` in `range` (a count).
    public static func count(
        _ name: String, _ path: WritableKeyPath<Root, Int> & Sendable, _ range: ClosedRange<Int>, _ summary: String
    ) -> Self {
        Self(name: name, kind: .number(Double(range.lowerBound)...Double(range.upperBound), .count), summary: summary,
                  write: { root, value in
                      if case .number(let number) = value, number == number.rounded() { root[keyPath: path] = Int(number) }
                  },
                  read: { .number(Double($0[keyPath: path])) })
    }

    /// A `Bool` of `Root` at `path`.
    public static func flag(_ name: String, _ path: WritableKeyPath<Root, Bool> & Sendable, _ summary: String) -> Self {
        Self(name: name, kind: .flag, summary: summary,
                  write: { root, value in if case .flag(let flag) = value { root[keyPath: path] = flag } },
                  read: { .flag($0[keyPath: path]) })
    }

    /// A `Bool?` of `Root` at `path` (`nil`: the era decides).
    public static func flagOrEra(_ name: String, _ path: WritableKeyPath<Root, Bool?> & Sendable, _ summary: String) -> Self {
        Self(name: name, kind: .flagOrEra, summary: summary,
                  write: { root, value in if case .flagOrEra(let flag) = value { root[keyPath: path] = flag } },
                  read: { .flagOrEra($0[keyPath: path]) })
    }

    /// A release (or never) of `Root` at `path`.
    public static func version(_ name: String, _ path: WritableKeyPath<Root, SimOSVersion?> & Sendable, _ summary: String) -> Self {
        Self(name: name, kind: .version, summary: summary,
                  write: { root, value in if case .version(let version) = value { root[keyPath: path] = version } },
                  read: { .version($0[keyPath: path]) })
    }

    /// An enumeration of `Root` at `path`, by its raw values.
    public static func choice<Value: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ path: WritableKeyPath<Root, Value> & Sendable, _ summary: String
    ) -> Self where Value.RawValue == String {
        Self(name: name, kind: .choice(Value.allCases.map(\.rawValue)), summary: summary,
             write: { root, value in
                 if case .choice(let name) = value, let chosen = Value(rawValue: name) { root[keyPath: path] = chosen }
             },
             read: { .choice($0[keyPath: path].rawValue) })
    }

    /// The kinds of background run of `Root` at `path`.
    public static func wakeKinds(
        _ name: String, _ path: WritableKeyPath<Root, Set<KeepAliveStartWake>> & Sendable, _ summary: String
    ) -> Self {
        Self(name: name, kind: .wakeKinds, summary: summary,
                  write: { root, value in if case .wakeKinds(let kinds) = value { root[keyPath: path] = kinds } },
                  read: { .wakeKinds($0[keyPath: path]) })
    }
}

extension SimProfileParameter {
    /// A parameter of a part of the profile (`RegionProfile`), not yet placed in the profile.
    public struct Parameter<Root>: Sendable {
        let name: String
        let kind: SimParameterKind
        let summary: String
        let write: @Sendable (inout Root, SimParameterValue) -> Void
        let read: @Sendable (Root) -> SimParameterValue

        /// The parameter of the profile whose part `Root` is at `path`, named `mechanism.name`.
        public func placed(at path: WritableKeyPath<SimProfile, Root> & Sendable, in mechanism: String) -> SimProfileParameter {
            let (write, read) = (self.write, self.read)
            return SimProfileParameter(name: "\(mechanism).\(name)", kind: kind, summary: summary,
                                       write: { profile, value in write(&profile[keyPath: path], value) },
                                       read: { read($0[keyPath: path]) })
        }
    }
}

extension Array where Element == SimProfileParameter.Parameter<SimProfile> {
    /// These parameters of the profile itself, named `mechanism.name`.
    public func placed(in mechanism: String) -> [SimProfileParameter] { map { $0.placed(at: \SimProfile.self, in: mechanism) } }
}

extension Array {
    /// These parameters of a part of the profile at `path`, named `mechanism.name`.
    public func placed<Root>(at path: WritableKeyPath<SimProfile, Root> & Sendable, in mechanism: String) -> [SimProfileParameter]
    where Element == SimProfileParameter.Parameter<Root> {
        map { $0.placed(at: path, in: mechanism) }
    }
}
