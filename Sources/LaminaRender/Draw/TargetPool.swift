/// Offscreen targets for groups, masks and blur passes, reused from frame to frame: allocating a
/// framebuffer per group per frame would dominate a frame with a few shadows.
final class TargetPool {
    private var free: [OffscreenTarget] = []
    private let context: RenderContext

    init(_ context: RenderContext) {
        self.context = context
    }

    /// A cleared `width` x `height` target with a stencil buffer.
    func acquire(width: Int, height: Int) throws(RendererError) -> OffscreenTarget {
        if let i = free.firstIndex(where: { $0.width == width && $0.height == height }) {
            return free.remove(at: i)
        }
        do throws(OffscreenTargetError) {
            return try OffscreenTarget(context, width: width, height: height)
        } catch {
            throw .target(error)
        }
    }

    /// Returns a target for reuse; at most four are kept, so a frame with unusually many nested groups
    /// does not pin their memory.
    func release(_ target: OffscreenTarget) {
        free.append(target)
        if free.count > 4 { free.removeFirst() }
    }
}

@available(*, unavailable)
extension TargetPool: Sendable {}
