import LaminaCore
import LaminaRenderList
import LaminaRenderListChecks
import Testing

/// A rasterized layer whose shadow comes from its `shadowPath`: the shadow is drawn inside the cached
/// body, so a change of the shadow's colour or strength must draw the cache again.
struct CacheShadowPathTests {
    @Test("a rasterized layer's path shadow follows its colour and opacity", arguments: [PropertyKey.shadowColor, .shadowOpacity])
    func pathShadowInCache(key: PropertyKey) throws {
        let harness = RenderListHarness()
        let h = LayerHandle(1)
        func set(_ key: PropertyKey, _ value: PropertyValue) -> LayerOperation { .set(h, LayerKeyPath(key), value) }
        try harness.commit(
            [
                .create(h, name: nil, kind: .layer), set(.bounds, .rect(Rect(x: 0, y: 0, width: 20, height: 20))),
                set(.position, .point(Point(x: 30, y: 30))), set(.backgroundColor, .color(Color(red: 1, green: 0, blue: 0))),
                set(.shouldRasterize, .bool(true)), set(.shadowOpacity, .number(0.8)), set(.shadowRadius, .number(2)),
                set(.shadowPath, .path(Path(rect: Rect(x: 0, y: 0, width: 20, height: 20)))),
                .insertSublayer(h, into: nil, at: nil),
            ], at: 0)
        var violations = harness.frame(at: 0)
        let change = key == .shadowColor ? set(.shadowColor, .color(Color(red: 0, green: 0, blue: 1))) : set(.shadowOpacity, .number(0.2))
        try harness.commit([change], at: 1.0 / 60)
        violations += harness.frame(at: 1.0 / 60)
        violations += harness.frame(at: 2.0 / 60)
        #expect(violations.isEmpty, "\(violations.map(\.description))")
    }
}
