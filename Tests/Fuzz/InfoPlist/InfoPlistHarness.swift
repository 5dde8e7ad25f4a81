import Foundation
import FuzzSupport
import ScenarioInput
import Simulation

/// The Info.plist reader under fuzzing: any bytes, as a file's (XML, binary or old-style text),
/// through `InfoPlist.parse`, which measures a plist (values, expanded bytes, nesting) before
/// Foundation decodes it. It must return or throw a usage `ReplayError` with a one-line message;
/// a crash, a hang, a leak or running out of memory (a shared-reference bomb) is a finding. An
/// accepted plist's left-out modes are modes the model lacks, and its usage texts are not empty.
enum InfoPlistHarness {
    static func run(_ data: UnsafeRawBufferPointer) {
        let plist: InfoPlist
        do throws(ReplayError) {
            plist = try InfoPlist.parse(Data(data), path: "Info.plist")
        } catch {
            Fuzz.check(error.kind == .usage, "an Info.plist failed as \(error.kind): \(error)")
            Fuzz.check(Fuzz.isOneLine(error.description), "the error is not one line: \(error.description.debugDescription)")
            return
        }
        for mode in plist.unmodelledModes {
            Fuzz.check(SimBackgroundMode(settingText: mode) == nil, "'\(mode)' is modelled but left out")
        }
        Fuzz.check(plist.capabilities.whenInUseUsageDescription != "", "an empty usage text reads as one")
        Fuzz.check(plist.capabilities.alwaysAndWhenInUseUsageDescription != "", "an empty usage text reads as one")
    }
}
