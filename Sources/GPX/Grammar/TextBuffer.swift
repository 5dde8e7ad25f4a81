/// The text of the value element being read, gathered from expat's pieces.
///
/// A growable byte buffer that is reused for every value: appending is a copy, resetting is free,
/// and nothing is checked for uniqueness or reallocated once it has grown to the longest value.
final class TextBuffer {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        storage = .allocate(byteCount: capacity, alignment: 1)
    }

    deinit { storage.deallocate() }

    /// The bytes gathered since the last reset; valid until the next change.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage, count: count) }

    func reset() { count = 0 }

    func append(_ piece: UnsafeRawBufferPointer) {
        guard let base = piece.baseAddress, !piece.isEmpty else { return }
        if count + piece.count > capacity {
            let grown = UnsafeMutableRawPointer.allocate(byteCount: max(capacity * 2, count + piece.count), alignment: 1)
            grown.copyMemory(from: storage, byteCount: count)
            storage.deallocate()
            storage = grown
            capacity = max(capacity * 2, count + piece.count)
        }
        (storage + count).copyMemory(from: base, byteCount: piece.count)
        count += piece.count
    }
}
