import LaminaCore
import LaminaRenderList
import LaminaRenderListChecks
import Testing

/// A masked group's passes cover only where its content and its mask meet: the composite multiplies
/// the content by the mask's alpha, so nothing outside both changes. A layer far larger than its mask
/// (a Lottie gradient fill) then costs its mask's pixels, not the target's.
struct MaskedGroupBoundsTests {
    /// A layer covering x `content` and y 0...72 of the 96x72 target, masked by a square of `side`
    /// points at (`maskX`, 20) in its space, with `extra` set on the masked layer.
    func bounds(content: ClosedRange<Double>, maskX: Double, side: Double, extra: [LayerOperation] = []) throws -> PixelRegion? {
        let harness = RenderListHarness()
        let (layer, mask) = (LayerHandle(1), LayerHandle(2))
        func set(_ h: LayerHandle, _ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(h, LayerKeyPath(key), value) }
        try harness.commit(
            [
                .create(layer, name: nil, kind: .layer),
                set(layer, .bounds, .rect(Rect(x: 0, y: 0, width: content.upperBound - content.lowerBound, height: 72))),
                set(layer, .anchorPoint, .point(.zero)), set(layer, .position, .point(Point(x: content.lowerBound, y: 0))),
                set(layer, .backgroundColor, .color(Color(red: 1, green: 0, blue: 0))),
                .create(mask, name: nil, kind: .layer),
                set(mask, .bounds, .rect(Rect(x: 0, y: 0, width: side, height: side))), set(mask, .anchorPoint, .point(.zero)),
                set(mask, .position, .point(Point(x: maskX - content.lowerBound, y: 20))),
                set(mask, .backgroundColor, .color(Color(red: 1, green: 1, blue: 1))),
                .setMask(layer, mask: mask), .insertSublayer(layer, into: nil, at: nil),
            ] + extra, at: 0)
        let violations = harness.frame(at: 0)
        #expect(violations.isEmpty, "\(violations.map(\.description))")
        let groups = harness.retained.list.groups
        try #require(groups.count == 1)
        return groups[0].bounds
    }

    @Test("a masked group's bounds are where its content and its mask meet")
    func intersection() throws {
        // The layer covers the whole target; the mask, x 60...70 and y 20...30: the group is the
        // mask's square with the pixel of margin every instance's bounds get.
        #expect(try bounds(content: 0...96, maskX: 60, side: 10) == PixelRegion(x: 59, y: 19, width: 12, height: 12))
        // The layer covers x 0...64 only: its right edge cuts the mask's square at x 64 (and a pixel).
        #expect(try bounds(content: 0...64, maskX: 60, side: 10) == PixelRegion(x: 59, y: 19, width: 6, height: 12))
        // Apart: nothing shows.
        let apart = try #require(try bounds(content: 0...40, maskX: 60, side: 10))
        #expect(apart.isEmpty)
    }

    @Test("a shadow or a filter keeps the union: they reach past what the mask shows")
    func shadowKeepsUnion() throws {
        let h = LayerHandle(1)
        let shadow = [LayerOperation.set(h, LayerKeyPath(.shadowOpacity), .number(1))]
        let shadowed = try #require(try bounds(content: 0...40, maskX: 60, side: 10, extra: shadow))
        #expect(shadowed.width > 60)
    }
}
