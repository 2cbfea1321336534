import CLaminaSys
import Glibc
import Logging

/// glibc's heap, set for a process that draws the same frame sizes over and over.
///
/// llvmpipe allocates the working memory of each frame it draws afresh, in blocks past glibc's
/// starting mmap threshold (128 KiB), and frees it when the frame is done: each such block was a
/// new mapping, its pages faulted in zeroed on first touch and unmapped again, every frame. With
/// 64 windows' contents replaced each frame, the daemon took 736 page faults a frame, and that was
/// a fifth of its CPU. Served from the heap instead and kept there between frames, the same blocks
/// come back already mapped.
///
/// The thresholds are fixed, not left to glibc's own adjustment: its sliding threshold stops at the
/// first block freed and still trims what the next frame needs. 32 MiB is where glibc's sliding
/// threshold itself tops out; up to 64 MiB of free heap is kept rather than returned to the
/// system. An operator's `MALLOC_MMAP_THRESHOLD_` or `MALLOC_TRIM_THRESHOLD_` wins.
enum HeapTuning {
    /// Allocations at least this big are mapped on their own.
    static let mmapThreshold: Int32 = 32 << 20
    /// Free memory at the top of the heap past this is given back to the system.
    static let trimThreshold: Int32 = 64 << 20

    /// Sets the thresholds, unless the environment sets either; a refusal is logged, and the daemon
    /// runs on with glibc's own.
    static func apply(logger: Logger) {
        guard getenv("MALLOC_MMAP_THRESHOLD_") == nil, getenv("MALLOC_TRIM_THRESHOLD_") == nil else { return }
        if lamina_set_heap_thresholds(mmapThreshold, trimThreshold) != 0 {
            logger.warning("glibc refused the heap thresholds (mmap \(mmapThreshold), trim \(trimThreshold) bytes)")
        }
    }
}
