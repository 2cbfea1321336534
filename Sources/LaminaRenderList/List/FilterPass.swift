public import LaminaCore

/// One pass of a layer's `filters` or `backgroundFilters` over an offscreen image, in target pixels:
/// what the renderer runs, converted once from the layer's values when the list is built.
public enum FilterPass: Equatable {
    /// A Gaussian blur of standard deviation `sigma` target pixels.
    case blur(sigma: Double)
    /// A 4x5 colour matrix on straight RGBA (20 numbers, row-major): every colour filter becomes one.
    case matrix([Float])

    /// The passes for `filters`, drawn at `pixelsPerPoint` target pixels per point. A blur radius
    /// past `PropertyLimits.blurRadius` draws as that radius; a blur too small to see is skipped.
    static func passes(_ filters: [LayerFilter], pixelsPerPoint: Double) -> [FilterPass] {
        filters.compactMap { filter in
            if case .blur(let radius) = filter.kind {
                let sigma = Swift.min(radius, PropertyLimits.blurRadius) / 2 * pixelsPerPoint
                return sigma.isFinite && sigma >= 0.25 ? .blur(sigma: sigma) : nil
            }
            return filter.matrix.map { .matrix($0.map(Float.init)) }
        }
    }

    /// How far, in target pixels, the passes spread a pixel's change (three standard deviations of
    /// each blur, plus a pixel of filtering), or nil when a change anywhere can change every pixel:
    /// a matrix that adds alpha makes transparent pixels visible.
    package static func reach(of passes: [FilterPass]) -> Int? {
        var reach = 0.0
        for pass in passes {
            switch pass {
            case .blur(let sigma): reach += (3 * sigma).rounded(.up) + 2
            case .matrix(let m): if m[19] > 0 { return nil }
            }
        }
        return reach < 16_777_216 ? Int(reach) : nil
    }
}

/// A layer's `backgroundFilters`: what the target holds behind the layer when it is reached, copied,
/// filtered, and drawn inside the layer's shape before the layer's own parts.
public struct Backdrop {
    /// The layer.
    public var layer: LayerID
    /// The passes over the copy.
    public var passes: [FilterPass]
    /// The instances (outside any draw) drawing the filtered copy inside the layer's shape, tinted by its
    /// opacity, that the `plain` variant draws: for an axis-aligned layer, all of it but the corners.
    public var plain: Range<Int>
    /// Those the full program draws: an axis-aligned layer's rounded corners, or any other layer's box
    /// in target pixels clipped to its shape.
    public var shaped: Range<Int>
    /// The target pixels whose content the filtered copy reads: the layer's box grown by the passes'
    /// reach. A frame that redraws any of them redraws all of them, so the copy never reads last
    /// frame's pixels; nil when the layer's box is unknown (a corner behind the eye): every frame
    /// that redraws anything then redraws everything.
    public var region: PixelRegion?
}

@available(*, unavailable)
extension Backdrop: Sendable {}
