import Glibc
import LaminaCompositor
import LaminaCore
import LaminaModel
import LaminaRender
import LaminaWire
import Testing

/// Importing a client's DMA-BUF on the machine's display. Where the display cannot (llvmpipe on
/// Mesa's surfaceless platform: no `EGL_EXT_image_dma_buf_import`), it says what is missing, and an
/// import attempted anyway fails naming the EGL call, with the buffer's descriptor closed and nothing
/// held. Where it can, nothing here can make a DMA-BUF to import (no render node, no udmabuf): that
/// path is not run by any test on these machines.
@Suite("Shared buffer import on this display", .serialized)
struct SharedBufferImportTests {
    @Test("the display says whether it imports DMA-BUFs, naming what is missing; a buffer imported anyway fails with EGL's error, its descriptor closed")
    func importOnThisDisplay() throws {
        try DamageTests.gpu.perform { context in
            let compositor = try Compositor(context, output: OutputConfiguration(width: 32, height: 32, background: .black))
            let client = compositor.addClient()
            let fd = try SharedBufferSessionTests.descriptor()  // no DMA-BUF either
            let buffer = SharedBuffer(
                id: BitmapID(4), width: 64, height: 64, fourcc: WireDMABuf.fourcc("AB24"), modifier: WireDMABuf.noModifier,
                planes: [(fd.fd, 0, 256)], isOpaque: false)
            if case .unavailable(let reason) = compositor.sharedBufferImport {
                #expect(reason.hasPrefix("EGL_EXT_image_dma_buf_import is missing on ") || reason.hasPrefix("GL_OES_EGL_image is missing"), "\(reason)")
            }
            // Either way a memfd is no DMA-BUF: EGL refuses it (once: the call closes the descriptor).
            do {
                try compositor.importBuffer(buffer, from: client)
                Issue.record("a memfd was imported as a DMA-BUF")
            } catch {
                #expect("\(error)".contains("the shared buffer could not be imported: eglCreateImageKHR(EGL_LINUX_DMA_BUF_EXT) failed"), "\(error)")
            }
            #expect(!SharedBufferSessionTests.isOpen(fd), "the descriptor was closed")
            #expect(compositor.textureStatistics.count == 0)
            #expect(compositor.store.bitmap(BitmapID(4), of: client) == nil)
        }
    }
}
