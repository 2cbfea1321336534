import Glibc
import LaminaWire
import Logging

/// Gives the C heap's free memory back to the system when a client leaves.
///
/// A client's layers, names, animations and bitmaps are freed when it disconnects, but glibc keeps
/// freed memory for reuse: the daemon keeps up to 64 MiB free on purpose (`HeapTuning`, so steady
/// frames allocate from mapped memory), and memory freed in the middle of the heap stays resident
/// whatever the threshold. After a client of 65,536 layers with long names left, the daemon stayed
/// 150 MiB above where it was before the client came. `malloc_trim` returns every free page, in every
/// arena, in the middle of the heap too (`madvise(MADV_DONTNEED)`).
///
/// Done on the compositor thread as the departure is handled, between frames: a departure is rare,
/// and a steady frame never pays it. The frames right after refill the little they need.
enum HeapTrim {
    static func returnFreeMemory(logger: Logger) {
        let start = MediaClock.now
        let released = mallocTrim(0) != 0
        let milliseconds = Int(((MediaClock.now - start) * 1000).rounded())
        logger.debug("heap trimmed after a client left: \(milliseconds) ms, memory returned: \(released)")
    }
}

/// glibc's `malloc_trim` (`<malloc.h>`, which Swift's Glibc module leaves out).
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
