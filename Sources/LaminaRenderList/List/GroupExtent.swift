package import LaminaCore

/// Where an offscreen group's passes need pixels, so that a small layer with a shadow costs its own
/// size, not the output's: the group's targets are the output's size, but its content covers only
/// `RenderGroup.bounds`.
///
/// Outside its content a group's image is transparent, and compositing transparent pixels leaves the
/// target as it was (every blend mode, mask and opacity maps them to nothing), so the composite is
/// scissored to the content. A shadow is the content blurred by a Gaussian the blur truncates at
/// `radius` pixels, so beyond `radius` of the content it is exactly zero; the blur runs over the
/// content spread by two pads (its second pass reads the first's output a radius away), which reads
/// the content target over three pads: those are what `begin` clears. Filters spread the content by
/// their reach first (`FilterPass.reach`) and are run the same way, over twice their reach beyond
/// what they must get right. A colour matrix that makes transparent pixels visible, and a transition
/// (the old appearance covers anything), keep the whole target.
package struct GroupExtent {
    /// The pixels cleared in the group's content and mask targets.
    package let cleared: PixelRegion
    /// The pixels the filters compute, when there are any.
    package let filtered: PixelRegion?
    /// The pixels the shadow blur computes.
    package let blurred: PixelRegion
    /// The pixels the group's composite may change.
    package let content: PixelRegion
    /// How far past the content the shadow's blur reaches (its radius, and a pixel each for the
    /// shadow's fractional offset and its filtering).
    let pad: Int

    /// The extent of `group` in a `width` x `height` target, or nil when it needs the whole target.
    package init?(_ group: RenderGroup, width: Int, height: Int) {
        guard let bounds = group.bounds, group.transition == nil else { return nil }
        let reach: Int
        if group.filters.isEmpty {
            reach = 0
        } else {
            guard let filters = FilterPass.reach(of: group.filters) else { return nil }
            reach = filters
        }
        let whole = PixelRegion(x: 0, y: 0, width: width, height: height)
        // A blur under half a pixel is skipped (`Renderer.blur`).
        let radius = group.shadow.map { $0.sigma >= 0.5 ? RenderGroup.blurRadius(sigma: $0.sigma) : 0 } ?? 0
        pad = radius + 2
        let drawn = bounds.intersection(whole)
        content = Self.spread(drawn, by: reach).intersection(whole)
        blurred = Self.spread(drawn, by: reach + 2 * pad).intersection(whole)
        filtered = group.filters.isEmpty ? nil : Self.spread(drawn, by: 2 * reach + 3 * pad).intersection(whole)
        cleared = Self.spread(drawn, by: 3 * reach + 3 * pad).intersection(whole)
    }

    /// The pixels the shadow's composite may change: the blurred content moved by the composite's
    /// offset (`shadowOffset` in target pixels, fractional), rounded outwards.
    package func shadow(offset: SIMD2<Float>, width: Int, height: Int) -> PixelRegion? {
        guard offset.x.isFinite, offset.y.isFinite, abs(offset.x) < 16_777_216, abs(offset.y) < 16_777_216 else { return nil }
        let spread = Self.spread(content, by: pad)
        let (dx, dy) = (Int(offset.x.rounded(.down)), Int(offset.y.rounded(.down)))
        return PixelRegion(x: spread.x + dx, y: spread.y + dy, width: spread.width + 1, height: spread.height + 1)
            .intersection(PixelRegion(x: 0, y: 0, width: width, height: height))
    }

    /// Whether any pixel the group's composites may change (its content's, and its shadow's at
    /// `shadowOffset`) lies in `box`: when none does, a pass over `box` need not draw the group at all.
    package func reaches(_ box: PixelRegion, shadowOffset: SIMD2<Float>?, width: Int, height: Int) -> Bool {
        if !content.intersection(box).isEmpty { return true }
        guard let shadowOffset else { return false }
        guard let shadow = shadow(offset: shadowOffset, width: width, height: height) else { return true }
        return !shadow.intersection(box).isEmpty
    }

    static func spread(_ region: PixelRegion, by pixels: Int) -> PixelRegion {
        PixelRegion(x: region.x - pixels, y: region.y - pixels, width: region.width + 2 * pixels, height: region.height + 2 * pixels)
    }
}
