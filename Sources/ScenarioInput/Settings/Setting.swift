/// A replay setting as its sources wrote it: a value, or — when what was written is none of the
/// setting's values — the problem with it, kept for ``ReplaySettings/resolved()`` to report with
/// the option's name. A value set later (an option over a scenario file's) replaces either.
///
/// ```swift
/// var settings = ReplaySettings()
/// settings.$accuracy = Setting(text: "5m")   // as `--accuracy 5m` writes it
/// settings.accuracy = .hundredMeters          // replaces it, problem and all
/// ```
///
/// `Value` has no constraint of its own (`Setting` is `Hashable` and `Sendable` when its value
/// is): the type `Setting<SimProfile>` is then made at run time without a look-up of the value's
/// conformances, which each of ``ReplaySettings/all``'s key paths would otherwise pay at start-up.
@propertyWrapper
public struct Setting<Value> {
    private var value: Value?
    /// What was wrong with what was written: "'5m' is not one of best-for-navigation, …".
    public private(set) var problem: String?

    public init() {}

    public init(wrappedValue: Value?) {
        value = wrappedValue
    }

    init(problem: String) {
        self.problem = problem
    }

    /// The value; `nil` when none was written, or what was written is not a value.
    public var wrappedValue: Value? {
        get { value }
        set { (value, problem) = (newValue, nil) }
    }

    /// The setting as written, value or problem.
    public var projectedValue: Setting<Value> {
        get { self }
        set { self = newValue }
    }

    /// Whether a source wrote the setting, a value or not.
    public var isWritten: Bool { value != nil || problem != nil }
}

extension Setting where Value: SettingValue {
    /// The value `text` writes, or the problem with it.
    public init(text: String) {
        if let value = Value(settingText: text) {
            self.init(wrappedValue: value)
        } else {
            self.init(problem: Value.notAValue(text))
        }
    }
}

extension Setting: Equatable where Value: Equatable {}
extension Setting: Hashable where Value: Hashable {}
extension Setting: Sendable where Value: Sendable {}
