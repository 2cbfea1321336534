import CEGL
import CGLES3
import Lamina
import LaminaWire

extension GLLayer {
    /// Settles `sharing` from `transport`, what the daemon said and what the app's EGL display offers,
    /// at the first drawable; falls back to shared memory (or, asked for DMA-BUF alone, throws) when the
    /// daemon refused a buffer since.
    func decideSharing() throws(GLLayerError) {
        if sharing == .dmaBuf, let connection = Connection.current,
            let failure = exports.lazy.compactMap({ $0 }).compactMap({ connection.sharedBufferFailure($0.bitmap.id) }).first
        {
            guard transport == .automatic else { throw .transportUnavailable("the daemon refused a buffer: \(failure)") }
            useSharedMemory()
        }
        guard sharing == nil else { return }
        switch transport {
        case .sharedMemory:
            sharing = .sharedMemory
        case .automatic, .dmaBuf:
            if let missing = dmaBufUnavailability() {
                guard transport == .automatic else { throw .transportUnavailable(missing) }
                sharing = .sharedMemory
            } else {
                sharing = .dmaBuf
                // Fences where the driver makes them (else presents call `glFinish`).
                fences = GLFence()
                Connection.current?.onReconnection(of: self) { [weak self] in MainActor.assumeIsolated { self?.shareAgain() } }
            }
        }
    }

    /// Why frames cannot travel as DMA-BUFs between this app and its daemon, or nil when they can.
    func dmaBufUnavailability() -> String? {
        guard let connection = Connection.current else { return "the app has no connection" }
        if case .sharedMemoryOnly(let reason) = connection.bufferSharing { return "the daemon does not import them (\(reason))" }
        return GLBufferExport.unavailability(on: eglGetCurrentDisplay())
    }

    /// Shares slot `slot`'s texture with the daemon as a new bitmap.
    func share(_ slot: Int) throws(GLLayerError) {
        guard let buffers = buffers[slot], let connection = Connection.current else { return }
        let bitmap = Bitmap(sharedBufferWidth: buffers.width, height: buffers.height, opaque: isOpaque)
        let export = try GLBufferExport(buffers, id: bitmap.id, opaque: isOpaque)
        do { try connection.shareBuffer(export.description, descriptors: export.descriptors) } catch { throw .connection(error) }
        exports[slot] = (export, bitmap)
    }

    /// After the daemon restarted: every buffer is shared again, before the layers showing them.
    func shareAgain() {
        guard let connection = Connection.current else { return }
        for case let shared? in exports {
            try? connection.shareBuffer(shared.export.description, descriptors: shared.export.descriptors)
        }
    }

    /// Gives up DMA-BUF for good: frames are copied from now on, and the chain starts afresh (the
    /// buffers it waited on will not be released).
    func useSharedMemory() {
        sharing = .sharedMemory
        fences = nil
        exports = exports.map { _ in nil }
        chain = GLSwapChain(limit: chain.limit)
        Connection.current?.onReconnection(of: self, share: nil)
    }

    /// Shows a drawable shared as a DMA-BUF: once the GPU has finished rendering it (the daemon
    /// samples it from its next frame), it becomes the layer's contents, in use until released.
    func presentShared(_ drawable: GLDrawable, _ bitmap: Bitmap) {
        let start = currentMediaTime()
        // Explicit synchronisation where the daemon and the driver offer it: the commit waits in the
        // daemon for the GPU. Otherwise the buffer is complete before the commit leaves.
        // Checked each time too: a daemon that restarted may speak an older version.
        if let connection = Connection.current, connection.takesAcquireFences, let fence = fences?.make() {
            connection.waitForFence(fence)
            statistics.fencesSent += 1
        } else {
            glFinish()
        }
        Connection.current?.presenting(bitmap.id)
        chain.present(drawable.slot, frame: bitmap)
        show(bitmap)
        statistics.frames += 1
        statistics.lastPresentSeconds = currentMediaTime() - start
    }
}
