// Deprecated module: `TrajectoryBuilder` moved to ScenarioInput (see Docs/CHANGELOG.md). This
// module re-exports it so `import Replay` keeps building; import ScenarioInput instead. It will be
// removed at 2.0.
@_exported import ScenarioInput
