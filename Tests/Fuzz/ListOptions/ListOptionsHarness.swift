import FuzzSupport
import ScenarioInput
import Simulation

/// The list options under fuzzing: byte 0 picks `--profiles`, `--conditions` or `--goal`; the
/// rest is the option's text (invalid UTF-8 repaired), read as the command line reads it
/// (`Setting(text:)`). It gives a value or a problem, never both nor neither; an accepted list,
/// written back by its names, reads again to the same list.
enum ListOptionsHarness {
    static func run(_ data: UnsafeRawBufferPointer) {
        var input = FuzzInput(data)
        let option = input.byte() % 3
        let text = String(decoding: input.rest, as: UTF8.self)
        switch option {
        case 0:
            let profiles = Setting<[SimProfile]>(text: text)
            guard let value = check(profiles, "--profiles", text) else { return }
            let again = Setting<[SimProfile]>(text: value.map(\.writtenName).joined(separator: ","))
            // The same rules: a version written back as a name ("16.4" → "ios16.4") may read as the
            // era's profile itself, which differs only in saying which release was asked for.
            Fuzz.check(again.wrappedValue?.map(\.rules) == value.map(\.rules), "--profiles '\(text)' reads back as \(String(describing: again.wrappedValue?.map(\.writtenName)))")
        case 1:
            let conditions = Setting<[FieldCondition]>(text: text)
            guard let value = check(conditions, "--conditions", text) else { return }
            Fuzz.check(Setting<[FieldCondition]>(text: value.map(\.rawValue).joined(separator: ",")).wrappedValue == value, "--conditions '\(text)' reads back otherwise")
        default:
            let goals = Setting<StatedGoals>(text: text)
            guard let value = check(goals, "--goal", text) else { return }
            Fuzz.check(value.goals.count == text.split(separator: "+", omittingEmptySubsequences: false).count, "--goal '\(text)' gives \(value.goals.count) goals")
            let names = value.goals.compactMap { goal in ReplayGoal.allCases.first { $0.goal == goal }?.rawValue }
            Fuzz.check(names.count == value.goals.count, "--goal '\(text)' gives a goal no name gives")
            Fuzz.check(Setting<StatedGoals>(text: names.joined(separator: "+")).wrappedValue == value, "--goal '\(text)' reads back otherwise")
        }
    }

    /// The value, after checking that there is a value or a problem, not both.
    private static func check<Value>(_ setting: Setting<Value>, _ option: String, _ text: String) -> Value? {
        Fuzz.check((setting.wrappedValue == nil) != (setting.problem == nil), "\(option) '\(text)': value \(String(describing: setting.wrappedValue)), problem \(String(describing: setting.problem))")
        if let problem = setting.problem { Fuzz.check(!problem.isEmpty, "\(option) '\(text)': an empty problem") }
        return setting.wrappedValue
    }
}
