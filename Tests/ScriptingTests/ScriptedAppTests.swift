import Testing
@testable import Scripting
import Simulation
