import ArgumentParser

/// The value an ArgumentParser property wrapper parsed, whatever its type.
protocol ParsedOption {
    var parsedValue: Any { get }
    /// A flag without inversion: `true` when given.
    var isSwitch: Bool { get }
}

extension Option: ParsedOption {
    var parsedValue: Any { wrappedValue }
    var isSwitch: Bool { false }
}

extension Flag: ParsedOption {
    var parsedValue: Any { wrappedValue }
    var isSwitch: Bool { Value.self == Bool.self }
}
