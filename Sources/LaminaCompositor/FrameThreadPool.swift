import Dispatch
import Glibc
public import LaminaCore

/// The threads a frame's work is split across in the daemon and `lamina bench`: libdispatch's pool.
///
/// `DispatchQueue.concurrentPerform` runs the ranges on the calling thread and the pool's worker
/// threads (as many as the machine has cores) and returns when all are done: no thread is made per
/// frame, and an idle pool costs nothing. llvmpipe's rasteriser threads are its own and not counted.
public enum FrameThreadPool {
    /// The machine's online cores: the default thread count.
    public static var machineCores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Frame work split into `count` ranges (1: every loop whole on the calling thread).
    public static func threads(_ count: Int) -> FrameThreads {
        guard count > 1 else { return .single }
        return FrameThreads(count: count) { ranges, body in
            DispatchQueue.concurrentPerform(iterations: ranges) { body($0) }
        }
    }
}
