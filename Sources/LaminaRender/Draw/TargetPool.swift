/// Offscreen targets for groups, masks, filters and blur passes, reused from frame to frame: a steady
/// frame makes no framebuffer, texture or renderbuffer (`FrameStatistics.glObjectsCreated` 0).
///
/// A target given back is kept until `keptFrames` frames have passed without it being taken again, so
/// a frame that needs many at once (a backdrop's blur, halved again and again, over a shadowed group)
/// finds them all the next frame; capping the pool by count made `frosted-glass` create twelve GL
/// objects every frame. What a frame with unusually many nested groups took is freed two frames later.
final class TargetPool {
    private var free: [(target: OffscreenTarget, lastUsed: Int)] = []
    private let context: RenderContext
    /// Frames ended so far (`endFrame`).
    private var frame = 0
    /// How many frames a target may go unused before it is freed.
    static let keptFrames = 2

    init(_ context: RenderContext) {
        self.context = context
    }

    /// A cleared `width` x `height` target with a stencil buffer.
    func acquire(width: Int, height: Int) throws(RendererError) -> OffscreenTarget {
        if let i = free.firstIndex(where: { $0.target.width == width && $0.target.height == height }) {
            return free.remove(at: i).target
        }
        do throws(OffscreenTargetError) {
            return try OffscreenTarget(context, width: width, height: height)
        } catch {
            throw .target(error)
        }
    }

    /// Returns a target for reuse.
    func release(_ target: OffscreenTarget) {
        free.append((target, frame))
    }

    /// Ends a frame: targets no frame has taken for `keptFrames` frames are freed.
    func endFrame() {
        frame += 1
        free.removeAll { frame - $0.lastUsed > Self.keptFrames }
    }

    /// Frees every target kept (the scene shrank for good).
    func removeAll() {
        free.removeAll()
    }
}

@available(*, unavailable)
extension TargetPool: Sendable {}
