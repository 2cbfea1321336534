import LaminaCore
import Testing
import LaminaTestSupport

@Suite("The layer property table and key paths")
struct PropertyTableTests {
    @Test("Rows are indexed by their key and named as Core Animation names them")
    func tableOrder() {
        #expect(LayerProperties.table.count == PropertyKey.allCases.count)
        for (i, row) in LayerProperties.table.enumerated() {
            #expect(row.key.rawValue == i)
            #expect(PropertyKey(name: row.name) == row.key)
            #expect(row.defaultValue.type == row.type)
        }
        #expect(PropertyKey(name: "shadowOffset") == .shadowOffset)
        #expect(PropertyKey(name: "frame") == nil)  // derived, never stored
    }

    @Test("Values remember which properties were written; reads and equality do not depend on it")
    func writtenProperties() throws {
        #expect(PropertyKey.allCases.count <= 128)  // one bit each in `PropertyValues`' mask
        let fresh = PropertyValues()
        for key in PropertyKey.allCases {
            #expect(!fresh.isWritten(key))
            #expect(fresh.value(key) == key.descriptor.defaultValue)
            // The unboxed read assumes every transform property defaults to the identity.
            if key.descriptor.type == .transform { #expect(fresh.transform(key) == .identity && key.descriptor.defaultValue == .transform(.identity)) }
        }

        var values = PropertyValues()
        values[.opacity] = 0.25
        try values.set(.point(Point(x: 3, y: 4)), for: .position)
        try values.setValue(.number(7), forKeyPath: "bounds.size.width")
        #expect(values.isWritten(.opacity) && values.isWritten(.position) && values.isWritten(.bounds))
        #expect(!values.isWritten(.zPosition) && !values.isWritten(.transform))
        #expect(values[.opacity] == 0.25)
        #expect(values[.position] == Point(x: 3, y: 4))
        #expect(values[.bounds] == Rect(x: 0, y: 0, width: 7, height: 0))
        #expect(values[.anchorPoint] == Point(x: 0.5, y: 0.5))  // unwritten: the default
        values[.transform] = Transform3D(scaleX: 2, y: 3, z: 1)
        #expect(values.transform(.transform) == Transform3D(scaleX: 2, y: 3, z: 1))
        values[.transform] = .identity

        // Writing a default back leaves the property written, but equal to a fresh one.
        var restored = values
        restored[.opacity] = 1
        restored[.position] = .zero
        restored[.bounds] = .zero
        #expect(restored.isWritten(.opacity))
        #expect(restored == fresh)
        #expect(restored.hashValue == fresh.hashValue)
        #expect(values != fresh)
    }

    @Test("Every property the scene format names is in the table")
    func coversSceneFormat() {
        let sceneFormat = [
            "bounds", "position", "zPosition", "anchorPoint", "anchorPointZ", "transform", "sublayerTransform",
            "hidden", "opacity", "backgroundColor", "borderWidth", "borderColor", "cornerRadius", "masksToBounds",
            "doubleSided", "geometryFlipped", "contents", "contentsRect", "contentsCenter", "contentsGravity",
            "contentsScale", "minificationFilter", "magnificationFilter", "shadowColor", "shadowOpacity",
            "shadowOffset", "shadowRadius", "allowsGroupOpacity", "beginTime", "timeOffset", "speed",
        ]
        for name in sceneFormat { #expect(PropertyKey(name: name) != nil, "\(name)") }
    }

    @Test("Defaults are Core Animation's")
    func defaults() throws {
        let v = PropertyValues()
        #expect(v[.anchorPoint] == Point(x: 0.5, y: 0.5))
        #expect(v[.opacity] == 1)
        #expect(v[.contentsRect] == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(v[.contentsCenter] == Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(v[.contentsGravity] == .resize)
        #expect(v[.contentsScale] == 1)
        #expect(v[.masksToBounds] == false)
        #expect(v[.doubleSided] == true)
        #expect(v[.shadowOpacity] == 0)
        #expect(v[.shadowOffset] == Size(width: 0, height: -3))
        #expect(v[.shadowRadius] == 3)
        #expect(v[.shadowColor] == .black)
        #expect(v[.borderColor] == .black)
        #expect(v[.cornerRadius] == 0)
        #expect(v[.zPosition] == 0)
        #expect(v[.hidden] == false)
        #expect(v[.speed] == 1)
        #expect(v[.allowsGroupOpacity] == true)
        #expect(v[.transform] == .identity)
        #expect(v[.contents] == nil)
        #expect(try LayerProperties.defaultValue(forKey: "opacity") == .number(1))
        #expect(try LayerProperties.defaultValue(forKey: "anchorPoint.x") == .number(0.5))
        #expect(try LayerProperties.defaultValue(forKey: "shadowOffset.height") == .number(-3))
        #expect(throws: PropertyError.unknownKey("opacityy")) { try LayerProperties.defaultValue(forKey: "opacityy") }
    }

    @Test("Animatability and interpolation come from the table")
    func animatability() {
        #expect(PropertyKey.position.descriptor.isAnimatable)
        #expect(PropertyKey.transform.descriptor.interpolation == .decomposedTransform)
        #expect(PropertyKey.hidden.descriptor.interpolation == .discrete)
        #expect(!PropertyKey.contentsGravity.descriptor.isAnimatable)
        #expect(!PropertyKey.speed.descriptor.isAnimatable)
    }

    @Test("Dotted key paths read and write components")
    func componentPaths() throws {
        var v = PropertyValues()
        v[.position] = Point(x: 10, y: 20)
        v[.bounds] = Rect(x: 1, y: 2, width: 30, height: 40)
        #expect(try v.value(forKeyPath: "position.x") == .number(10))
        #expect(try v.value(forKeyPath: "bounds.size.width") == .number(30))
        #expect(try v.value(forKeyPath: "bounds.origin") == .point(Point(x: 1, y: 2)))
        #expect(try v.value(forKeyPath: "bounds.size") == .size(Size(width: 30, height: 40)))
        try v.setValue(.number(99), forKeyPath: "position.y")
        try v.setValue(.number(5), forKeyPath: "shadowOffset.height")
        try v.setValue(.number(0.25), forKeyPath: "contentsRect.origin.x")
        try v.setValue(.point(Point(x: 7, y: 8)), forKeyPath: "bounds.origin")
        #expect(v[.position] == Point(x: 10, y: 99))
        #expect(v[.shadowOffset] == Size(width: 0, height: 5))
        #expect(v[.contentsRect] == Rect(x: 0.25, y: 0, width: 1, height: 1))
        #expect(v[.bounds] == Rect(x: 7, y: 8, width: 30, height: 40))
    }

    @Test("Transform key paths read and write the decomposition")
    func transformPaths() throws {
        var v = PropertyValues()
        try v.setValue(.number(.pi / 4), forKeyPath: "transform.rotation.z")
        #expect(close(v[.transform], Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)))
        guard case .number(let z) = try v.value(forKeyPath: "transform.rotation") else { Issue.record(); return }
        #expect(close(z, .pi / 4))
        try v.setValue(.number(2), forKeyPath: "transform.scale.x")
        try v.setValue(.number(30), forKeyPath: "transform.translation.y")
        let expected = Transform3D(scaleX: 2, y: 1, z: 1)
            .concatenating(Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1))
            .concatenating(Transform3D(translationX: 0, y: 30, z: 0))
        #expect(close(v[.transform], expected))
        #expect(try v.value(forKeyPath: "transform.translation") == .size(Size(width: 0, height: 30)))
        guard case .number(let s) = try v.value(forKeyPath: "transform.scale") else { Issue.record(); return }
        #expect(close(s, 4.0 / 3))
        try v.setValue(.number(0.5), forKeyPath: "transform.rotation.x")
        guard case .number(let x) = try v.value(forKeyPath: "transform.rotation.x") else { Issue.record(); return }
        #expect(close(x, 0.5))
        // A full turn written as a component is a rotation matrix, not an error.
        var w = PropertyValues()
        try w.setValue(.number(2 * .pi), forKeyPath: "transform.rotation.z")
        #expect(close(w[.transform], .identity, 1e-12))
        // A singular transform still has a scale component to animate from.
        var u = PropertyValues()
        u[.transform] = Transform3D(scaleX: 0, y: 1, z: 1)
        #expect(try u.value(forKeyPath: "transform.scale.x") == .number(0))
        try u.setValue(.number(0.5), forKeyPath: "transform.scale.x")
        #expect(close(u[.transform], Transform3D(scaleX: 0.5, y: 1, z: 1)))
    }

    @Test("Unknown keys and wrong types are errors naming the key")
    func errors() {
        var v = PropertyValues()
        #expect(throws: PropertyError.unknownKey("positon")) { try v.setValue(.number(1), forKeyPath: "positon") }
        #expect(throws: PropertyError.unknownKey("position.z")) { try v.value(forKeyPath: "position.z") }
        #expect(throws: PropertyError.unknownKey("opacity.x")) { try v.value(forKeyPath: "opacity.x") }
        #expect(throws: PropertyError.typeMismatch(key: "opacity", expected: .number, got: .point)) {
            try v.setValue(.point(.zero), forKeyPath: "opacity")
        }
        #expect(throws: PropertyError.typeMismatch(key: "bounds.size", expected: .size, got: .number)) {
            try v.setValue(.number(1), forKeyPath: "bounds.size")
        }
        #expect(throws: PropertyError.typeMismatch(key: "hidden", expected: .bool, got: .number)) {
            try v.set(.number(1), for: .hidden)
        }
        #expect(PropertyError.unknownKey("positon").description == "unknown layer property 'positon'")
        #expect(v == PropertyValues())  // nothing changed
    }

    @Test("Animations interpolate by the table's rule for the key path, components linearly")
    func interpolationFromTheTable() throws {
        #expect(LayerKeyPath(.hidden).interpolation == .discrete)
        #expect(LayerKeyPath(.transform).interpolation == .decomposedTransform)
        #expect(LayerKeyPath(.opacity).interpolation == .linear)
        #expect(try LayerKeyPath("transform.rotation.z").interpolation == .linear)
        #expect(try LayerKeyPath("bounds.size").interpolation == .linear)
        // Each rule on the same values: a discrete rule holds a vector until the midpoint.
        let (a, b) = (PropertyValue.number(0), PropertyValue.number(10))
        #expect(Interpolation.linear.interpolate(a, b, 0.25) == .number(2.5))
        #expect(Interpolation.discrete.interpolate(a, b, 0.25) == a && Interpolation.discrete.interpolate(a, b, 0.5) == b)
        // By decomposition: half of a quarter turn is an eighth turn, not the mean of the matrices.
        let quarter = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
        guard case .transform(let half) = Interpolation.decomposedTransform.interpolate(.transform(.identity), .transform(quarter), 0.5) else {
            Issue.record("not a transform")
            return
        }
        #expect(abs(half.m11 - (0.5).squareRoot()) < 1e-12 && abs(half.m12 - (0.5).squareRoot()) < 1e-12)
    }
}
