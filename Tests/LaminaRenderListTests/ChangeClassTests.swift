import LaminaCore
@testable import LaminaRenderList
import Testing

/// The render list's key sets, made from the schema's change classes (`ChangeTiers`), against the
/// sets that were kept by hand before the classes: every difference is listed here with its reason,
/// so a row given the wrong class, or a tier given the wrong classes, fails.
struct ChangeClassTests {
    static func mask(_ keys: [PropertyKey]) -> UInt128 { keys.reduce(0) { $0 | 1 &<< UInt128($1.rawValue) } }
    static func keys(_ mask: UInt128) -> Set<PropertyKey> { Set(PropertyKey.allCases.filter { mask & (1 &<< UInt128($0.rawValue)) != 0 }) }

    @Test("a layer's parts are read from the same keys as before, and the whole shadow")
    func parts() {
        let before: Set<PropertyKey> = [
            .bounds, .cornerRadius, .maskedCorners, .cornerCurve, .masksToBounds, .doubleSided, .allowsEdgeAntialiasing, .contents,
            .minificationFilter, .magnificationFilter, .minificationFilterBias, .contentsRect, .contentsCenter, .contentsGravity,
            .contentsScale, .borderWidth, .shadowOpacity, .shadowColor, .shadowPath, .filters, .backgroundFilters,
            .compositingFilter, .allowsGroupOpacity, .shouldRasterize,
        ]
        // Justified: the shadow is one class, so its offset and blur animating read the parts afresh
        // (they are not read from the parts: a few layers, a few frames, drawn the long way); the
        // rasterization scale is an effect like `shouldRasterize`.
        let added: Set<PropertyKey> = [.shadowOffset, .shadowRadius, .rasterizationScale]
        #expect(Self.keys(LayerParts.keys) == before.union(added))
    }

    @Test("bounds are laid over kept parts and colours painted over them, as before")
    func laidOverAndPainted() {
        #expect(LayerParts.laidOverKeys == Self.mask([.bounds]))
        #expect(LayerParts.paintKeys == Self.mask([.backgroundColor, .borderColor]))
    }

    @Test("a kept leaf animates its placement and opacity, as before")
    func keptLeaf() {
        #expect(LeafPlacement.animatableKeys == Self.mask([.position, .transform, .zPosition, .opacity, .anchorPoint, .anchorPointZ]))
    }

    @Test("a patched leaf animates its placement, bounds, opacity and colours, as before")
    func patchedLeaf() {
        #expect(
            LeafPatch.patchableKeys
                == Self.mask([.position, .anchorPoint, .anchorPointZ, .transform, .bounds, .opacity, .backgroundColor, .borderColor]))
    }

    @Test("a cache survives changes to its layer's placement as before, and to all of its timing")
    func cachePlacement() {
        let before: Set<PropertyKey> = [
            .position, .zPosition, .anchorPoint, .anchorPointZ, .transform, .opacity, .hidden, .doubleSided, .shadowColor,
            .shadowOpacity, .shadowOffset, .shadowRadius, .beginTime, .timeOffset, .speed,
        ]
        // Justified: the layer's timing is one class; its duration, repeats and fill mode move its
        // sublayers' animations in time as its speed does, and those reach the cache as changes of
        // the sublayers themselves.
        let added: Set<PropertyKey> = [.duration, .repeatCount, .repeatDuration, .autoreverses, .fillMode]
        #expect(SubtreeCaches.placementKeys == before.union(added))
    }

    @Test("every kind's own property draws that kind; CALayer's own have classes of their own")
    func kindProperties() {
        for key in PropertyKey.allCases {
            if key.descriptor.kinds.isEmpty {
                #expect(key.change != .kindDrawing, "\(key) is CALayer's own")
            }
        }
    }
}
