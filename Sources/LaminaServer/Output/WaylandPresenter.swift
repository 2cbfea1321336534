import LaminaCompositor
import LaminaRender
import LaminaRenderList
import LaminaWayland

/// How the Wayland output's frames reach the host, once the compositor has drawn them into its target.
///
/// - **Shared memory** (`wl_shm`): the frame's rows are read straight into a buffer the host maps.
///   Works with every host and driver; on llvmpipe it is also the cheaper way (see
///   `DaemonConfiguration.WaylandBuffers`).
/// - **EGL** (the renderer's display is on the window's connection): the frame is copied into an EGL
///   window surface's back buffer on the GPU and swapped; no pixel crosses the CPU where the driver
///   shares buffers with the host.
///
/// Either way a buffer gets only what changed since the frame it holds (its age, `DamageHistory`), and
/// the host is told those boxes. Lives on the render thread, beside the compositor.
final class WaylandPresenter {
    /// The two ways frames reach the host.
    enum Method: Equatable {
        case sharedMemory, egl
    }

    /// How this output's frames reach the host: EGL when the render context's display is on the
    /// window's connection.
    let method: Method
    private let context: RenderContext
    /// Whether GL reads BGRA, the byte order of every host's `ARGB8888` (else RGBA, where the host
    /// takes `ABGR8888`).
    private let readsBGRA: Bool
    private var history = DamageHistory(capacity: 4)
    private var surface: WindowSurface?

    init(context: RenderContext) {
        self.context = context
        method = context.display.platform == .wayland ? .egl : .sharedMemory
        readsBGRA = OffscreenTarget.readsBGRA(context)
    }

    /// A frame was drawn that changed `damage`.
    func drawn(_ damage: Damage) {
        history.drawn(damage)
    }

    /// Whether the frame drawn may go to the host now, `sinceCommit` seconds after the last: when the
    /// host has shown the last frame. A host that keeps a frame longer than `patience` gets the next
    /// one anyway through shared memory, whose buffers `present` can see are held; EGL waits inside
    /// the swap for a buffer the host holds, so EGL frames go only on the host's frame callback.
    func mayPresent(_ window: WaylandWindow, sinceCommit: Double, patience: Double) -> Bool {
        window.isReadyForFrame || (method == .sharedMemory && sinceCommit > patience)
    }

    /// Shows the compositor's target in `window`. False when the host holds every buffer (shared memory
    /// only; the frame waits for one); throws when the window or the connection is gone.
    func present(_ compositor: Compositor, in window: WaylandWindow) throws -> Bool {
        let target = compositor.target
        let output = compositor.configuration
        let points = (Int(output.width.rounded()), Int(output.height.rounded()))
        switch method {
        case .egl:
            guard let native = window.eglWindow(width: target.width, height: target.height) else {
                throw WaylandError("the window is unmapped")
            }
            if surface == nil {
                surface = try WindowSurface(context, nativeWindow: native)
            }
            guard let surface else { return false }
            try window.prepareEGLFrame(scale: output.scale, points: points)
            let damage = history.damage(forBufferAge: surface.bufferAge, width: target.width, height: target.height)
            try surface.present(target, regions: damage.isFull ? nil : damage.boxes)
        case .sharedMemory:
            // ARGB8888 where GL reads it: a host's software renderer (pixman) composites it 3.4x
            // faster than ABGR8888 (docs/performance.md).
            if !readsBGRA { window.pixelOrder = .rgba }
            let order: OffscreenTarget.ReadOrder = window.pixelOrder == .rgba ? .rgba : .bgra
            let history = self.history
            let shown = try window.present(width: target.width, height: target.height, scale: output.scale, points: points) {
                pixels, stride, age in
                let changed = history.damage(forBufferAge: age, width: target.width, height: target.height)
                let boxes = try target.read(into: pixels, stride: stride, order: order, damage: changed)
                return boxes?.map { WaylandWindow.Box(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
            }
            guard shown else { return false }
        }
        history.present()
        return true
    }

    /// Lets go of the EGL surface: before the window is unmapped.
    func detach() {
        surface = nil
    }
}
