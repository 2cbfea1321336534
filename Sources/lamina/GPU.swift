import LaminaRender
import LaminaRenderList

/// The render thread every command draws on: the first display EGL offers (GBM on a render node, an
/// EGL device, then surfaceless llvmpipe).
func makeGPU() throws -> GPUContext {
    do {
        let display = try DisplaySelection.standard().select()
        return try GPUContext(display: display, name: "lamina-render")
    } catch {
        throw Failure("no GPU: \(error)")
    }
}
