import FuzzSupport
import ScenarioInput

/// The matrix reader under fuzzing: any bytes, as text, through `MatrixFile.parse`, as if from a
/// folder that does not exist (a run's relative `scenario:` is then a file that cannot be read;
/// one that can must be a regular file, so no input can block on a FIFO or read a device for
/// ever). It must return a matrix or throw a `MatrixError`; a crash, a hang or a leak is a
/// finding. An accepted matrix plans tracks × profiles × runs cells, at most the limit, in plan
/// order, with unique run names.
enum MatrixFileHarness {
    static let limit = 1_000

    static func run(_ data: UnsafeRawBufferPointer) {
        let text = String(decoding: data, as: UTF8.self)
        let matrix: Matrix
        do throws(MatrixError) {
            matrix = try MatrixFile.parse(text, name: "/nonexistent-fuzz/m.yaml", maximumCells: limit)
        } catch {
            _ = "\(error)"  // the message must be printable
            return
        }
        let count = matrix.tracks.count * matrix.profiles.count * matrix.runs.count
        Fuzz.check(matrix.cells.count == count && count <= limit, "\(matrix.cells.count) cells planned for \(count), limit \(limit)")
        Fuzz.check(Set(matrix.runs.map(\.name)).count == matrix.runs.count, "two runs share a name")
        for (index, cell) in matrix.cells.enumerated() {
            Fuzz.check(cell.index == index && matrix.cells(onTrack: cell.track).contains(index), "cell \(index) is out of plan order")
        }
    }
}
