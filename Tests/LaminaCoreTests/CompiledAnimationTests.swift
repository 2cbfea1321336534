@testable import LaminaCore
import PropertyBased
import Testing

/// The key paths the random cases animate: whole vectors, lanes of them, and transform components.
private let keyPaths = [
    "opacity", "position", "position.x", "position.y", "bounds", "bounds.origin", "bounds.size", "bounds.size.width",
    "bounds.origin.y", "backgroundColor", "anchorPoint", "zPosition", "transform.rotation.z", "transform.rotation.x",
    "transform.scale", "transform.scale.y", "transform.translation", "transform.translation.x",
].map { try! LayerKeyPath($0) }

private let curves: [TimingFunction] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]

/// A random value of `type` from four numbers.
private func value(_ type: PropertyType, _ r: ArraySlice<Double>) -> PropertyValue {
    let v = Array(r)
    return PropertyValue(type, vector: SIMD4(v[0] * 100, v[1] * 100, abs(v[2]) * 100, abs(v[3]) * 100))
}

/// One random case: a model, two basic animations of one key path (the second sometimes additive,
/// sometimes of another path of the same property), a base and a time.
private struct Case: CustomStringConvertible {
    var model = PropertyValues()
    var animations: [Animation] = []
    var base: PropertyValue?
    var time = 0.0

    var description: String { "\(animations) base \(String(describing: base)) at \(time)" }
}

private let cases = Gen.double(in: -1...1).array(of: 41).map { r -> Case in
    var c = Case()
    c.model[.position] = Point(x: r[0] * 300, y: r[1] * 300)
    c.model[.bounds] = Rect(x: r[2] * 10, y: r[3] * 10, width: 50 + r[4] * 40, height: 50 + r[5] * 40)
    c.model[.opacity] = abs(r[6])
    // Sometimes never written, the identity: the compiled first write of a transform component then
    // makes the matrix whole.
    if r[40] > -0.3 {
        c.model[.transform] =
            Transform3D(scaleX: 1 + r[7] * 0.5, y: 1 + r[8] * 0.5, z: 1)
            .concatenating(Transform3D(rotationAngle: r[9] * 3, x: 0, y: 0, z: 1))
            .concatenating(Transform3D(translationX: r[10] * 50, y: r[11] * 50, z: 0))
    }
    let path = keyPaths[Int(abs(r[12]) * Double(keyPaths.count - 1))]
    c.base = r[13] > 0 ? value(path.valueType, r[14..<18]) : nil
    for n in 0..<2 {
        let o = 18 + n * 11
        let type = path.valueType
        let present = (r[o] > -0.3, r[o + 1] > -0.3, r[o + 2] > 0.3)  // from, to, by
        let timing = MediaTiming(
            beginTime: r[o + 3] > 0.5 ? r[o + 3] : 0, duration: 0.5 + abs(r[o + 4]) * 2,
            repeatCount: r[o + 5] > 0 ? abs(r[o + 5]) * 3 : 0, autoreverses: r[o + 6] > 0,
            fillMode: [.removed, .forwards, .backwards, .both][Int(abs(r[o + 6]) * 3.99)])
        var animation = Animation(
            .basic(
                BasicAnimation(
                    keyPath: path, fromValue: present.0 ? value(type, r[o + 7..<o + 11]) : nil,
                    toValue: present.1 ? value(type, r[o + 8..<o + 11] + [r[o]]) : nil,
                    byValue: present.2 ? value(type, r[o + 9..<o + 11] + [r[o], r[o + 1]]) : nil,
                    additive: n == 1 && r[o + 10] > 0, cumulative: r[o + 10] < -0.5)),
            timing: timing, timingFunction: curves[Int(abs(r[o + 9]) * 4.99)])
        // Kept after it ends, so the engine's removal does not differ from applying it directly.
        animation.removedOnCompletion = false
        c.animations.append(animation)
    }
    c.time = abs(r[39]) * 8
    return c
}

@Suite("Compiled animations: the engine's flat form of basic animations")
struct CompiledAnimationTests {
    @Test("The engine's frame gives exactly the general path's values, for every vector key path and endpoint rule")
    func agreesWithGeneralPath() async {
        await propertyCheck(count: 400, input: cases) { c in
            var tree = LayerTree()
            let root = tree.create()
            let layer = tree.create(values: c.model)
            try! tree.addSublayer(layer, to: root)
            for a in c.animations { try! tree.addAnimation(a, forKey: nil, to: layer, base: c.base) }
            var presentation = Presentation()
            var events: [AnimationEvent] = []
            tree.evaluate(at: c.time, into: &presentation, events: &events)

            var overlay = PresentationOverlay()
            for a in c.animations { a.apply(at: c.time, base: c.base, model: c.model, id: AnimationID(0), to: &overlay) }
            #expect(presentation.values(of: layer, in: tree) == overlay.applied(to: c.model), "\(c)")
        }
    }

    @Test("Basic animations of vector key paths with fixed endpoints compile; the rest take the general path")
    func whatCompiles() throws {
        let x = try LayerKeyPath("position.x")
        let number = PropertyValue.number(1)
        #expect(CompiledAnimation(.basic(x, from: .number(0), to: number), base: nil)?.target == .lanes(first: 0, count: 1))
        #expect(CompiledAnimation(.basic(try LayerKeyPath("bounds.size"), by: .size(Size(width: 1, height: 1))), base: .size(.zero))?.target == .lanes(first: 2, count: 2))
        #expect(CompiledAnimation(.basic(try LayerKeyPath("transform.rotation.z"), to: number), base: .number(0))?.target == .transform(.rotationZ))
        #expect(CompiledAnimation(.basic(LayerKeyPath(.opacity), from: number), base: nil)?.toIsModel == true)
        #expect(CompiledAnimation(.basic(LayerKeyPath(.opacity), from: .number(0), to: number), base: nil)?.target == .whole)
        // Endpoints read from the presentation every frame (no base), whole transforms, discrete types,
        // values of the wrong type, and every other kind of animation are not compiled.
        #expect(CompiledAnimation(.basic(x, to: number), base: nil) == nil)
        #expect(CompiledAnimation(.basic(LayerKeyPath(.transform), to: .transform(.identity)), base: .transform(.identity)) == nil)
        #expect(CompiledAnimation(.basic(LayerKeyPath(.hidden), from: .bool(false), to: .bool(true)), base: nil) == nil)
        #expect(CompiledAnimation(.basic(x, from: .point(.zero), to: number), base: nil) == nil)
        let keyframes = Animation(.keyframe(KeyframeAnimation(keyPath: x, values: [number, .number(2)])))
        #expect(CompiledAnimation(keyframes, base: nil) == nil)
        #expect(CompiledAnimation(Animation(.transition(Transition())), base: nil) == nil)
    }
}
