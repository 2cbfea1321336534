public import LaminaCore

/// A subtree drawn into an offscreen target and composited back as one image: for group opacity, a
/// mask, a shadow, filters, a blend mode, or a transition. Offscreen targets are the size of the frame's target and drawn with
/// the same world transforms, so a group's pixels land where they would have landed directly and
/// compositing is a pixel-for-pixel copy with extras.
public struct RenderGroup {
    /// The layer the group stands for.
    public var layer: LayerID
    /// The instance (in the list, outside any draw) compositing the group's image in target pixels:
    /// texture mode, opacity tint and the clip in force where the group sits.
    public var composite: Int
    /// The target pixels its content may cover (its instances' bounds with a pixel of margin, within
    /// the target), or nil for all of them: what its offscreen passes clear, blur and composite
    /// (`GroupExtent`).
    public var bounds: PixelRegion?
    /// Whether a mask pass follows the content (`beginMask`).
    public var hasMask = false
    /// The shadow drawn behind, if any.
    public var shadow: Shadow?
    /// The transition drawn instead of a plain composite, if any.
    public var transition: TransitionDraw?
    /// The group this one is drawn inside, or -1.
    public var parent = -1
    /// How the group's image combines with what is behind it (`compositingFilter`).
    public var blendMode = BlendMode.normal
    /// The layer's `filters`, run over the group's image before anything composites it.
    public var filters: [FilterPass] = []

    /// The bounds of a masked group with no filter, shadow or transition, from its content's and its
    /// mask's (nil: the whole target): their intersection. The composite multiplies the content by
    /// the mask's alpha, so it changes nothing where either is transparent; a layer's content often
    /// reaches far past its mask (a Lottie gradient fill is a gradient as large as its path's every
    /// keyframe, masked to the path), and the group's passes then cover only what shows.
    package static func maskedBounds(content: PixelRegion?, mask: PixelRegion?) -> PixelRegion? {
        guard let content else { return mask }
        guard let mask else { return content }
        return content.intersection(mask)
    }

    /// How far, in pixels, the renderer's separable Gaussian blur of standard deviation `sigma` reaches:
    /// three standard deviations rounded up, at most 96, where its kernel is cut off (beyond it a
    /// shadow is exactly zero). The blur, the damage a shadow spreads and the pixels a group's passes
    /// cover all take it from here.
    package static func blurRadius(sigma: Double) -> Int {
        Int(Swift.min(96, (3 * sigma).rounded(.up)))
    }

    /// A shadow: the group's alpha blurred, tinted and offset.
    public struct Shadow {
        /// The instance compositing the blurred shape (offset, alpha mode, premultiplied shadow colour).
        public var composite: Int
        /// Gaussian standard deviation in target pixels.
        public var sigma: Double
    }

    /// A transition between a captured old appearance and the group's live new one.
    public struct TransitionDraw {
        /// The transition and its progress.
        public var progress: TransitionProgress
        /// The instance compositing the old appearance (already offset for the progress).
        public var old: Int
    }
}

@available(*, unavailable)
extension RenderGroup: Sendable {}
