import CLaminaSys
import Glibc
import LaminaWire
public import Logging
import Synchronization

/// glibc's heap, set for a process that draws the same frame sizes over and over, and given back
/// when a client leaves.
///
/// **Steady frames.** llvmpipe allocates the working memory of each frame it draws afresh, in blocks
/// past glibc's starting mmap threshold (128 KiB), and frees it when the frame is done: each such
/// block was a new mapping, its pages faulted in zeroed on first touch and unmapped again, every
/// frame. With 64 windows' contents replaced each frame, the daemon took 736 page faults a frame, and
/// that was a fifth of its CPU. Served from the heap instead and kept there between frames, the same
/// blocks come back already mapped. The thresholds are fixed, not left to glibc's own adjustment: its
/// sliding threshold stops at the first block freed and still trims what the next frame needs. 32 MiB
/// is where glibc's sliding threshold itself tops out; up to 64 MiB of free heap is kept rather than
/// returned to the system.
///
/// **Departures.** A client's layers, names, animations and bitmaps are freed when it leaves, but
/// glibc keeps freed memory: the 64 MiB above at the top of each arena, and whatever lies free in the
/// middle. `malloc_trim` gives back the middle of every arena and the top of the main one, but not
/// the top of the others (the compositor thread's arena, and each connection thread's, are not the
/// main one), so after a client of 65,536 layers with long names left, 60 MiB stayed resident. While
/// a departure frees the client's memory, the trim threshold is lowered, so each arena's top is cut
/// as it is freed into; then `malloc_trim` returns the rest, and the steady threshold comes back. The
/// compositor loop does it in two halves (the layers as the client leaves, what was sized for them
/// after the next frame), so neither holds the other clients' frames for more than one. A departure
/// is rare, and a steady frame never pays for it; the frames right after refill the little they need.
///
/// An operator's `MALLOC_MMAP_THRESHOLD_` or `MALLOC_TRIM_THRESHOLD_` wins: then the thresholds are
/// never touched, and a departure only trims.
public enum HeapTuning {
    /// Allocations at least this big are mapped on their own.
    static let mmapThreshold: Int32 = 32 << 20
    /// Free memory at the top of an arena past this is given back to the system, in steady frames.
    static let trimThreshold: Int32 = 64 << 20
    /// The same while a departure frees a client's memory: glibc's own default.
    static let departureTrimThreshold: Int32 = 128 << 10

    /// Whether `apply` set the thresholds (so a departure may lower and restore them).
    private static let isApplied = Atomic(false)

    /// Sets the thresholds, unless the environment sets either; a refusal is logged, and the daemon
    /// runs on with glibc's own. Call it before any thread starts.
    public static func apply(logger: Logger) {
        guard getenv("MALLOC_MMAP_THRESHOLD_") == nil, getenv("MALLOC_TRIM_THRESHOLD_") == nil else { return }
        guard lamina_set_heap_thresholds(mmapThreshold, trimThreshold) == 0 else {
            logger.warning("glibc refused the heap thresholds (mmap \(mmapThreshold), trim \(trimThreshold) bytes)")
            return
        }
        isApplied.store(true, ordering: .relaxed)
    }

    /// Runs `freeing`, which frees a departed client's memory, with the departure's trim threshold,
    /// then, when `trims`, gives the heap's free memory back to the system (see the type's
    /// documentation).
    static func givingBackMemory(logger: Logger, trims: Bool = true, _ freeing: () -> Void) {
        let start = MediaClock.now
        let lowered = isApplied.load(ordering: .relaxed) && lamina_set_heap_thresholds(mmapThreshold, departureTrimThreshold) == 0
        freeing()
        let released = trims && mallocTrim(0) != 0
        if lowered { _ = lamina_set_heap_thresholds(mmapThreshold, trimThreshold) }
        let milliseconds = Int(((MediaClock.now - start) * 1000).rounded())
        logger.debug("memory given back after a client left\(trims ? ", trimmed" : ""): \(milliseconds) ms, returned: \(released)")
    }
}

/// glibc's `malloc_trim` (`<malloc.h>`, which Swift's Glibc module leaves out).
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32
