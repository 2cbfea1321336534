package import LaminaCore
package import LaminaWire

/// What a connection knows of the GPU buffers the app shares with the daemon (DMA-BUFs a `GLLayer`
/// renders into): which imports were sent under which serial, which the daemon refused and why, and
/// which it has released (no layer shows them and the GPU is done with them).
@MainActor
final class SharedBufferLedger {
    /// Buffers the daemon released since they were last presented.
    var released: Set<BitmapID> = []
    /// Buffers the daemon refused to import, with its reason.
    var failures: [BitmapID: String] = [:]
    /// Imports not known to have failed, by serial.
    var imports: [UInt32: BitmapID] = [:]
    /// What shares each owner's buffers again after a reconnection.
    var sharers: [ObjectIdentifier: () -> Void] = [:]
    /// Acquire fences for the next commit (ours to close once sent).
    var fences: [Int32] = []

    /// Takes an error answering an import: true when it was one.
    func refused(_ report: ErrorReport) -> Bool {
        guard let id = imports.removeValue(forKey: report.serial) else { return false }
        failures[id] = report.message
        return true
    }

    /// After a reconnection: nothing is released or refused by the new daemon yet; every owner shares
    /// its buffers again.
    func shareAgain() {
        (released, failures, imports) = ([], [:], [:])
        for share in sharers.values { share() }
    }
}

extension Connection {
    /// Whether the daemon has taken `bitmap`'s pixels (or a later version's, or refused them): a commit
    /// carrying them was answered, so the pool space they went in is free and the daemon reads them no
    /// more. A version not sent yet (its transaction still open) is not taken.
    package func hasTaken(_ bitmap: Bitmap) -> Bool { uploader.hasTaken(bitmap.id, version: bitmap.version) }

    /// The connection the app's layers are on (the last one opened), if any.
    package static var current: Connection? { Session.shared.connection }

    /// Shares a GPU buffer with the daemon as bitmap `buffer.id` (its planes' descriptors go with the
    /// message; the caller keeps its own). A refusal arrives later: `sharedBufferFailure(_:)`.
    package func shareBuffer(_ buffer: WireDMABuf, descriptors: [Int32]) throws(LaminaError) {
        let serial = nextSerial
        nextSerial &+= 1
        sharedBuffers.imports[serial] = buffer.id
        try sendMessage(.importBuffer(serial: serial, buffer: buffer, descriptors: descriptors))
    }

    /// Why the daemon refused to import bitmap `id`, if it did.
    package func sharedBufferFailure(_ id: BitmapID) -> String? { sharedBuffers.failures[id] }

    /// Whether the daemon released buffer `id` since `presenting(_:)` was last called for it.
    package func hasReleased(_ id: BitmapID) -> Bool { sharedBuffers.released.contains(id) }

    /// Notes that buffer `id` is being shown again: it is in use until the daemon releases it anew.
    package func presenting(_ id: BitmapID) { sharedBuffers.released.remove(id) }

    /// Has `share` run after each reconnection (before the layers are sent again), for `owner`'s buffers;
    /// nil stops it.
    package func onReconnection(of owner: AnyObject, share: (() -> Void)?) {
        sharedBuffers.sharers[ObjectIdentifier(owner)] = share
    }

    /// Whether the daemon holds a commit for the GPU work behind a fence (`acquireFence`, protocol
    /// version 12), so a present can send one instead of waiting in `glFinish`.
    package var takesAcquireFences: Bool { protocolVersion >= 12 }

    /// Has the next commit wait for `fence` (a `sync_file` descriptor, which the connection now owns):
    /// the daemon applies that commit once the fence has signalled.
    package func waitForFence(_ fence: Int32) {
        sharedBuffers.fences.append(fence)
    }

    /// Sends the fences the commit about to go waits for, and closes ours (the message carried copies).
    func sendFences() throws(LaminaError) {
        let fences = sharedBuffers.fences
        sharedBuffers.fences = []
        defer { for fence in fences { SystemCalls.close(fence) } }
        for fence in fences { try sendMessage(.acquireFence(descriptor: fence)) }
    }

    /// Whether the daemon said it imports DMA-BUFs, or why not.
    package var bufferSharing: BufferSharing { welcome.bufferSharing }
}
