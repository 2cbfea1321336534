import Synchronization

/// The displays this process has opened, by resolved candidate, kept for the life of the process.
///
/// EGL displays must not be terminated while any context uses them, and a GBM display owns a device and
/// an open file: opening each once and handing the same `Display` out again keeps selection repeatable
/// (every test selects) without leaking a display or a file per call. The lock also serialises opening,
/// so two threads selecting at once do not both open the same node.
enum DisplayRegistry {
    private static let displays = Mutex<[DisplayCandidate: Display]>([:])

    /// The display already opened for `candidate` (which must be resolved: a GBM path, a device index),
    /// else the one `open` makes, remembered when it succeeds.
    static func display(
        for candidate: DisplayCandidate, open: () throws(DisplayFailure) -> Display
    ) throws(DisplayFailure) -> Display {
        try displays.withLock { (displays) throws(DisplayFailure) -> Display in
            if let known = displays[candidate] { return known }
            let display = try open()
            displays[candidate] = display
            return display
        }
    }
}
