public import LaminaCore

/// One step of drawing a frame. A render list is a flat sequence of these over one array of instances:
/// draws of instance ranges, clip pushes and pops, and offscreen groups bracketed by begin and end.
public enum RenderCommand {
    /// Draws `count` instances from `first` with one instanced call of the program `variant`; `opaque`
    /// runs (every pixel they touch fully opaque) draw with blending off, which gives the same pixels
    /// for less work.
    case draw(first: Int, count: Int, texture: TextureBinding, variant: DrawVariant, opaque: Bool)
    /// Intersects the clip with a shape (pixel-exact scissor, or a stencil shape for anything rotated,
    /// projected or rounded).
    case pushClip(ClipWrite)
    /// Undoes the matching `pushClip`.
    case popClip
    /// Starts drawing into the offscreen target of `groups[index]`, with no clip.
    case beginGroup(Int)
    /// Starts drawing the group's mask into its own offscreen target.
    case beginMask(Int)
    /// Ends the group and composites it (filters, shadow, mask, opacity, transition) where it began.
    case endGroup(Int)
    /// Copies what the current target holds, filters it and draws it inside a layer's shape
    /// (`backdrops[index]`, a layer's `backgroundFilters`).
    case backdrop(Int)
    /// Starts a transform layer's 3D space: the depth buffer cleared, and draws tested against it and
    /// writing it until `endDepth` (offscreen groups, clips and backdrops inside draw without it).
    case beginDepth
    /// Ends the 3D space `beginDepth` began.
    case endDepth
    /// Starts additive blending (an emitter's `additive` render mode): what is drawn adds to what is
    /// behind, clamped, until `endAdditive`.
    case beginAdditive
    /// Ends additive blending.
    case endAdditive
}

/// Which build of the layer program a draw uses: the leanest that can draw every instance of the run.
public enum DrawVariant: Hashable, Sendable {
    /// Everything: rounded shapes, borders, clips, masks, transitions, stencil shapes.
    case full
    /// Square-cornered, unclipped colour or contents (`PLAIN`).
    case plain
    /// Contents at full strength from a BGRA texture, square and unclipped (`BLIT`), drawn as
    /// two-triangle rectangles: llvmpipe's fast path.
    case blit
    /// Colour fills, square and unclipped (`FILL`), drawn as two-triangle rectangles: llvmpipe's fast
    /// path for backgrounds.
    case fill

    /// Whether the run is drawn as rectangles of two separate triangles (what llvmpipe recognises as
    /// rectangles: a strip never is) rather than four-corner strips.
    package var drawsTriangles: Bool { self == .blit || self == .fill }
}

/// What a draw samples.
public enum TextureBinding {
    /// Nothing: colour-only instances.
    case none
    /// A cached bitmap with the layer's filters.
    case bitmap(BitmapTexture, sampler: SamplerChoice)
    /// A cached subtree's texture (`CachedSubtree`).
    case cache(CachedSubtree, sampler: SamplerChoice)
    /// A texture the renderer made from layer properties (a gradient's stops, a shape, text), sampled
    /// linearly (or fetched by texel).
    case generated(GeneratedTexture)

    /// Whether what it samples is opaque everywhere (nothing sampled counts: the colour decides).
    var isOpaque: Bool {
        switch self {
        case .none: true
        case .bitmap(let texture, _): texture.isOpaque
        case .cache, .generated: false
        }
    }

    /// Whether it samples nothing.
    var isNone: Bool {
        if case .none = self { true } else { false }
    }

    /// Whether two bindings draw the same: texture and filters.
    func same(as other: TextureBinding) -> Bool {
        switch (self, other) {
        case (.none, .none): true
        case (.bitmap(let a, let sa), .bitmap(let b, let sb)): a === b && sa == sb
        case (.cache(let a, let sa), .cache(let b, let sb)): a === b && sa == sb
        case (.generated(let a), .generated(let b)): a === b
        default: false
        }
    }
}

/// A layer's minification and magnification filters.
public struct SamplerChoice: Hashable, Sendable {
    /// `minificationFilter`.
    public var minification: ContentsFilter
    /// `magnificationFilter`.
    public var magnification: ContentsFilter
}

/// How a clip is applied.
public enum ClipWrite: Hashable, Sendable {
    /// An axis-aligned, square-cornered clip: a scissor box (target pixels, top-left origin).
    case scissor(PixelRegion)
    /// Anything else: the instance at this index, written into the stencil buffer.
    case stencil(instance: Int)
}

@available(*, unavailable)
extension RenderCommand: Sendable {}
@available(*, unavailable)
extension TextureBinding: Sendable {}

extension RenderCommand {
    /// Takes the next instance (ending at `end`) into this draw when it can: the same program
    /// `variant`, following on, and the same texture and filters or one side colour-only (which samples
    /// nothing, so it rides along with any texture); the run stays opaque only while all of it is.
    /// Returns whether it did.
    ///
    /// In place: a run extended with its own texture retains and releases nothing (a list of ten
    /// thousand instances of one bitmap did both for every one).
    mutating func extendDraw(
        to end: Int, variant: DrawVariant, texture: TextureBinding, needsTexture: Bool, opaque: Bool, apart: Bool = false
    ) -> Bool {
        guard case .draw(let first, let count, _, let runVariant, _) = self, runVariant == variant, first + count == end - 1
        else { return false }
        let takesNew: Bool
        switch self {
        case .draw(_, _, let run, _, _):
            // One kept apart (`RenderList.keepsApart`) joins only a run of its own kind.
            if apart, case .none = run, needsTexture { return false }
            if apart, !needsTexture, !run.isNone { return false }
            if !needsTexture || run.same(as: texture) {
                takesNew = false
            } else if case .none = run {
                takesNew = true  // the run so far samples nothing
            } else {
                return false
            }
        default: return false
        }
        switch consume self {
        case .draw(let first, let count, let run, let variant, let runIsOpaque):
            self = .draw(first: first, count: count + 1, texture: takesNew ? texture : run, variant: variant, opaque: runIsOpaque && opaque)
        case let other:
            self = other
        }
        return true
    }
}
