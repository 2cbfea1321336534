import LaminaCore

/// Everything one frame draws, in order: the instances (uploaded to the GPU in one buffer), the
/// commands over them, and the offscreen groups they reference. Built by `RenderListBuilder` from a
/// presentation tree, executed by the `Renderer`. Kept from frame to frame so its arrays keep their
/// capacity.
public struct RenderList {
    /// Every instance of the frame.
    public internal(set) var instances: ContiguousArray<LayerInstance> = []
    /// The steps.
    public internal(set) var commands: [RenderCommand] = []
    /// Offscreen groups, referenced by index from the commands.
    public internal(set) var groups: [RenderGroup] = []
    /// Layers visited and layers skipped by culling (hidden, transparent, empty, off the target,
    /// back-facing), for statistics and tests.
    public internal(set) var visitedLayers = 0
    public internal(set) var culledLayers = 0

    /// An empty list.
    public init() {}

    /// Empties the list, keeping capacity.
    mutating func reset() {
        instances.removeAll(keepingCapacity: true)
        commands.removeAll(keepingCapacity: true)
        groups.removeAll(keepingCapacity: true)
        visitedLayers = 0
        culledLayers = 0
    }

    /// The number of instanced draw calls.
    public var drawCalls: Int {
        commands.reduce(0) { if case .draw = $1 { $0 + 1 } else { $0 } }
    }

    /// Appends an instance to draw with `texture`, extending the last draw when it can: same program
    /// variant, and same texture and filters or one side colour-only (which samples nothing, so it rides
    /// along with any texture).
    mutating func append(_ instance: LayerInstance, texture: TextureBinding) {
        let needsTexture = instance.params.z != 0
        let plain = instance.isPlain
        instances.append(instance)
        if case .draw(let first, let count, let run, let runIsPlain)? = commands.last, runIsPlain == plain,
            first + count == instances.count - 1
        {
            let merged: TextureBinding? =
                if !needsTexture { run }  // samples nothing: rides along with any texture
                else if isTextureless(run) { texture }  // the run so far samples nothing
                else if run.same(as: texture) { run }
                else { nil }
            if let merged {
                commands[commands.count - 1] = .draw(first: first, count: count + 1, texture: merged, plain: plain)
                return
            }
        }
        commands.append(.draw(first: instances.count - 1, count: 1, texture: needsTexture ? texture : .none, plain: plain))
    }

    /// Appends an instance no draw covers (a stencil clip shape, a composite); returns its index.
    mutating func appendDetached(_ instance: LayerInstance) -> Int {
        instances.append(instance)
        return instances.count - 1
    }

    private func isTextureless(_ binding: TextureBinding) -> Bool {
        if case .none = binding { true } else { false }
    }
}

@available(*, unavailable)
extension RenderList: Sendable {}
