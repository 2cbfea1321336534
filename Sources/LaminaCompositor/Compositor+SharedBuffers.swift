import Glibc
public import LaminaCore
public import LaminaModel
public import LaminaRender

extension Compositor {
    /// Whether the display can sample clients' DMA-BUFs in place, or what is missing.
    public var sharedBufferImport: SharedBufferImport { renderer.textures.sharedBufferImport }

    /// Imports a client's GPU buffer as its bitmap `buffer.id` (a DMA-BUF, sampled in place from the
    /// next frame on; replacing a bitmap of that identity). The buffer's descriptors are closed here,
    /// imported or not. Throws what failed.
    public func importBuffer(_ buffer: SharedBuffer, from client: ClientID) throws(TextureError) {
        // EGL holds its own references to the planes once the image is made.
        defer { for plane in buffer.planes { close(plane.descriptor) } }
        let id = BitmapID(nextBitmap)
        try renderer.textures.importShared(id, buffer)
        nextBitmap += 1
        if let replaced = store.addBitmap(buffer.id, as: id, of: client) {
            renderer.textures.remove(replaced)
            sharedBuffers.remove(replaced, of: client)
        }
        sharedBuffers.add(id, clientID: buffer.id, of: client)
    }

    /// The buffers no layer shows any more since the last call, by client (the client's identities):
    /// called after a frame, whose start waited for the GPU to finish the frame before (the last to
    /// draw them), so their clients may render into them again.
    public func takeReleasedBuffers() -> [(client: ClientID, bitmap: BitmapID)] {
        defer { releasedBuffers.removeAll() }
        return releasedBuffers
    }

    /// Notes which imported buffers the clients that just committed show now.
    func noteSharedBuffersShown(by clients: [ClientID]) {
        for client in Set(clients) {
            let held = sharedBuffers.buffers(of: client)
            guard !held.isEmpty else { continue }
            for id in sharedBuffers.update(client, shown: store.shown(held, by: client)) { releasedBuffers.append((client, id)) }
        }
    }
}
