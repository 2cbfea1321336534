import LaminaCompositor
import LaminaCore
import LaminaModel
import LaminaRender
import LaminaWire

extension CompositorLoop {
    /// Whether clients may share DMA-BUFs with this daemon (the welcome says so), from its display.
    var bufferSharing: BufferSharing {
        switch compositor.sharedBufferImport {
        case .available: .dmaBuf
        case .unavailable(let reason): .sharedMemoryOnly(reason: reason)
        }
    }

    /// Imports a client's DMA-BUF as one of its bitmaps; a failure is an error carrying the request's
    /// serial, naming what failed (the client then shares through memory).
    func importBuffer(_ buffer: SharedBuffer, serial: UInt32, from client: ClientID) {
        do {
            try compositor.importBuffer(buffer, from: client)
            logger.debug("\(client): imported a \(buffer.width)x\(buffer.height) buffer as bitmap \(buffer.id.rawValue)")
        } catch {
            notify(client, .error(ErrorReport(serial: serial, code: .invalidBitmap, message: "importBuffer (bitmap \(buffer.id.rawValue)): \(error)")))
        }
    }
}
