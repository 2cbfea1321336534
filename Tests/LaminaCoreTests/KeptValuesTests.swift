import LaminaCore
import Testing

/// What a renderer keeping what it made of each layer's values relies on: values' identity, read in
/// place; the presentation's animated values, read in place; and the transform components written
/// into the identity without the decomposition.
@Suite("Kept values: identities, in-place reads, components on the identity")
struct KeptValuesTests {
    @Test("a copy keeps the identity until either side is written; the other keeps its own")
    func identityFollowsWrites() {
        var values = PropertyValues()
        values[.position] = Point(x: 1, y: 2)
        let kept = values
        #expect(kept.identity == values.identity)
        values[.position] = Point(x: 1, y: 2)  // the same value written still counts as a write
        #expect(kept.identity != values.identity)
        var other = kept
        other[.opacity] = 0.5
        #expect(other.identity != kept.identity && other.identity != values.identity)
        // Unrelated values never share an identity while both are alive.
        var a = PropertyValues(), b = PropertyValues()
        a[.opacity] = 0.5
        b[.opacity] = 0.5
        #expect(a.identity != b.identity)
        #expect(PropertyValues(kind: .shape).identity != PropertyValues().identity)
    }

    @Test("a leaf's identity is its values'; none for a layer with sublayers, a mask, or gone")
    func leafIdentity() throws {
        var tree = LayerTree()
        let root = tree.create(), leaf = tree.create(), mask = tree.create()
        try tree.addSublayer(leaf, to: root)
        tree[leaf][.opacity] = 0.5
        #expect(tree.leafIdentity(of: leaf) == tree[leaf].identity)
        #expect(tree.leafIdentity(of: root) == nil)  // has a sublayer
        let kept = tree[leaf]
        tree[leaf][.bounds] = Rect(x: 0, y: 0, width: 4, height: 4)
        #expect(tree.leafIdentity(of: leaf) != kept.identity)
        try tree.setMask(mask, of: leaf)
        #expect(tree.leafIdentity(of: leaf) == nil)
        try tree.destroy(mask)
        #expect(tree.leafIdentity(of: leaf) != nil)
        try tree.destroy(leaf)
        #expect(tree.leafIdentity(of: leaf) == nil)
    }

    @Test("the presentation's animated keys, transforms and values, read in place")
    func animatedValuesInPlace() throws {
        var tree = LayerTree()
        let root = tree.create(), layer = tree.create(), still = tree.create()
        try tree.addSublayer(layer, to: root)
        try tree.addSublayer(still, to: root)
        let timing = MediaTiming(duration: 2)
        _ = try tree.addAnimation(.basic(try LayerKeyPath("transform.rotation.z"), from: .number(0), to: .number(1), timing: timing), forKey: "turn", to: layer)
        _ = try tree.addAnimation(.basic(LayerKeyPath(.opacity), from: .number(1), to: .number(0), timing: timing), forKey: "fade", to: layer)
        var presentation = Presentation()
        var events: [AnimationEvent] = []
        tree.evaluate(at: 1, into: &presentation, events: &events)
        let mask = presentation.animatedKeyMask(of: layer)
        #expect(mask.keys == 1 &<< UInt128(PropertyKey.transform.rawValue) | 1 &<< UInt128(PropertyKey.opacity.rawValue))
        #expect(!mask.transition)
        #expect(presentation.animatedKeyMask(of: still).keys == 0)
        #expect(presentation.animatedTransform(.transform, of: layer) == presentation.value(.transform, of: layer, in: tree))
        #expect(presentation.animatedValue(.opacity, of: layer) == .number(0.5))
        #expect(presentation.animatedValue(.position, of: layer) == nil)
        #expect(presentation.animatedTransform(.transform, of: still) == nil)
        #expect(Array(presentation.animatedLayers) == [layer])
    }

    @Test("components written into the identity are the analytic matrices, and what the decomposition gives within its rounding")
    func componentsOnTheIdentity() throws {
        for (path, value) in [("transform.rotation.z", 0.7), ("transform.rotation", -2.5), ("transform.rotation.z", 1e6),
            ("transform.scale", 3), ("transform.scale.x", -2), ("transform.scale.y", 0.5), ("transform.scale.z", 4),
            ("transform.translation.x", 12), ("transform.translation.y", -3), ("transform.translation.z", 40)] as [(String, Double)]
        {
            let written = try LayerKeyPath(path).write(.number(value), into: .transform(.identity))
            guard case .transform(let fast) = written else { Issue.record("\(path): not a transform"); continue }
            // The long way: the identity's decomposition with the component written, recomposed.
            var parts = DecomposedTransform.identity
            switch path {
            case "transform.rotation.z", "transform.rotation": parts.eulerAngles = SIMD3(0, 0, value)
            case "transform.scale": parts.scale = SIMD3(repeating: value)
            case "transform.scale.x": parts.scale.x = value
            case "transform.scale.y": parts.scale.y = value
            case "transform.scale.z": parts.scale.z = value
            case "transform.translation.x": parts.translation.x = value
            case "transform.translation.y": parts.translation.y = value
            default: parts.translation.z = value
            }
            // (A turn goes through a quaternion found from the matrix's rows, whose square roots lose
            // up to about 1e-8 at some angles: the matrix written straight is the closer one.)
            for (a, b) in zip(fast.elements, parts.recomposed.elements) { #expect(abs(a - b) <= 1e-7, "\(path) = \(value)") }
            let analytic: Transform3D =
                switch path {
                case "transform.rotation.z", "transform.rotation": Transform3D(rotationAngle: value, x: 0, y: 0, z: 1)
                case "transform.scale": Transform3D(scaleX: value, y: value, z: value)
                case "transform.scale.x": Transform3D(scaleX: value, y: 1, z: 1)
                case "transform.scale.y": Transform3D(scaleX: 1, y: value, z: 1)
                case "transform.scale.z": Transform3D(scaleX: 1, y: 1, z: value)
                case "transform.translation.x": Transform3D(translationX: value, y: 0, z: 0)
                case "transform.translation.y": Transform3D(translationX: 0, y: value, z: 0)
                default: Transform3D(translationX: 0, y: 0, z: value)
                }
            for (a, b) in zip(fast.elements, analytic.elements) { #expect(abs(a - b) <= 1e-15, "\(path) = \(value)") }
            #expect(fast.m33 == (path.hasPrefix("transform.scale") && path != "transform.scale.x" && path != "transform.scale.y" ? value : 1))
        }
        // On any other transform the other components are kept: a turn written into a scale keeps it.
        let scaled = Transform3D(scaleX: 2, y: 2, z: 1)
        guard case .transform(let turned) = try LayerKeyPath("transform.rotation.z").write(.number(.pi / 2), into: .transform(scaled)) else {
            Issue.record("not a transform")
            return
        }
        #expect(abs(turned.m12 - 2) < 1e-12 && abs(turned.m21 + 2) < 1e-12 && abs(turned.m11) < 1e-12)
    }
}
