import LaminaCore
import LaminaModel
import LaminaWire

/// Acquire fences (`acquireFence`, version 12): explicit synchronisation between a client's GPU work
/// and the commit that shows it.
///
/// A client that renders into a shared GPU buffer (a GL layer's DMA-BUF) either waits for its GPU with
/// `glFinish` before committing, or sends a fence (a `sync_file` from `EGL_ANDROID_native_fence_sync`)
/// and commits at once. The daemon then holds that commit until the fence has signalled and applies it
/// at the next frame after, as Wayland compositors hold a surface commit for its acquire point
/// (wlroots' `linux-drm-syncobj`): the compositor never waits on a client's GPU work inside a frame, so
/// a slow client delays its own frames and nobody else's. A `sync_file` is readable once signalled,
/// which is all the daemon asks of it, so the wait is one more descriptor in the I/O thread's epoll.
///
/// While a commit is held the client's later messages wait behind it (in the framer and the kernel),
/// so its requests keep their order and what is held stays one commit. A fence that has not signalled
/// after `SessionSettings.fenceTimeout` seconds fails the commit whole (`renderer`, with its serial).
extension ClientSession {
    /// A commit checked and waiting for its acquire fences.
    struct HeldCommit {
        var commit: Commit<BitmapContents>
        /// Fences not yet signalled; the first is the one the shell watches.
        var fences: [Int32]
        /// When the commit fails if its fences have not all signalled (media clock).
        var deadline: Double
    }

    /// Whether a commit waits for its acquire fences (the client's input waits behind it).
    public var isWaitingForFence: Bool { heldCommit != nil }

    /// The fence the shell is to watch: the held commit's first unsignalled one.
    public var watchedFence: Int32? { heldCommit?.fences.first }

    /// When the held commit fails unless its fences signal first, on the host's media clock.
    public var fenceDeadline: Double? { heldCommit?.deadline }

    /// The watched fence signalled (its descriptor polled readable, or hung up). The next fence is watched, or, with none left, the commit goes to the compositor
    /// and input resumes (the shell then calls `resume`).
    public func fenceSignalled() -> Effects {
        var effects = Effects()
        guard var held = heldCommit, !held.fences.isEmpty else { return effects }
        close(watched: held.fences.removeFirst())
        if let next = held.fences.first {
            heldCommit = held
            effects.watchFence = next
            return effects
        }
        heldCommit = nil
        effects.requests.append(.commit(id, held.commit))
        pendingRequests += 1
        return effects
    }

    /// Fails the held commit whole, with `reason` (its fence did not signal in time, or cannot be
    /// waited on); the session goes on.
    public func refuseHeldCommit(_ reason: String) -> Effects {
        var effects = Effects()
        guard let held = heldCommit else { return effects }
        heldCommit = nil
        close(held.fences)
        fail(ErrorReport(serial: held.commit.serial, code: .renderer, message: "commit \(held.commit.serial): \(reason)"), &effects)
        return effects
    }

    /// Fails the held commit if its deadline has passed at `now`.
    public func expireFence(now: Double) -> Effects {
        guard let deadline = fenceDeadline, now >= deadline else { return Effects() }
        return refuseHeldCommit(
            "its acquire fence did not signal within \(settings.fenceTimeout) s (SessionSettings.fenceTimeout); the commit is refused whole")
    }

    /// Keeps a fence for the next commit, up to `SessionSettings.maxFencesPerCommit`.
    func acceptFence(_ descriptor: Int32, _ effects: inout Effects) {
        guard pendingFences.count < SessionSettings.maxFencesPerCommit else {
            SystemCalls.close(descriptor)
            fail(
                ErrorReport(
                    serial: 0, code: .limitExceeded,
                    message: "acquireFence: \(SessionSettings.maxFencesPerCommit) fences for one commit is the limit"),
                &effects)
            return
        }
        pendingFences.append(descriptor)
    }

    /// Holds a checked commit until the fences sent before it signal.
    func hold(_ commit: Commit<BitmapContents>, _ effects: inout Effects) {
        heldCommit = HeldCommit(commit: commit, fences: pendingFences, deadline: host.now() + settings.fenceTimeout)
        pendingFences = []
        effects.watchFence = heldCommit?.fences.first
    }

    /// Closes every fence the session holds (the session ended, or the commit they were for failed).
    func dropFences() {
        for fd in pendingFences { SystemCalls.close(fd) }
        pendingFences = []
        if let held = heldCommit {
            close(held.fences)
            heldCommit = nil
        }
    }

    /// Closes a held commit's fences, the first of which the shell watches.
    private func close(_ fences: [Int32]) {
        guard let first = fences.first else { return }
        close(watched: first)
        for fd in fences.dropFirst() { SystemCalls.close(fd) }
    }

    /// Closes a fence the shell watches, once it is out of epoll.
    private func close(watched fd: Int32) {
        host.unwatchFence(fd)
        SystemCalls.close(fd)
    }
}
