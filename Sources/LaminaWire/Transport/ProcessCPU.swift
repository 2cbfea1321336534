import Glibc

/// The daemon's CPU time, every thread's (user and system), from `getrusage`: a frame's share is the
/// difference around it, so work another thread does meanwhile (the I/O thread, a raster worker)
/// still shows. For `laminad`'s frame counters and `lamina bench`.
public enum ProcessCPU {
    /// CPU seconds the process has used so far.
    public static func seconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
