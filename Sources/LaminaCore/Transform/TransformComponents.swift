import RealModule

/// The components that CATransform3D's key paths name — `rotation.x/y/z` (Euler angles), `scale.x/y/z`,
/// `translation.x/y/z` — read from and written into a transform through its decomposition.
///
/// Euler angles follow `R = Rx(a) · Ry(b) · Rz(c)` in the row-vector convention (x applied first), so a
/// transform with a rotation about one axis reads back exactly that angle (within ±π). Writing a
/// component keeps every other part (the other angles, skew, perspective) of the decomposition.
/// A singular matrix, which has no decomposition, reads as its translation plus the lengths of its rows
/// as scale: `transform.scale.x` animates from 0 as it should.
struct TransformComponents {
    var parts: DecomposedTransform

    init(_ t: Transform3D) {
        if let parts = DecomposedTransform(t) {
            self.parts = parts
        } else {
            let w = t.m44 == 0 ? 1 : t.m44
            parts = DecomposedTransform(
                translation: SIMD3(t.m41, t.m42, t.m43) / w,
                scale: SIMD3(length(SIMD3(t.m11, t.m12, t.m13)), length(SIMD3(t.m21, t.m22, t.m23)),
                    length(SIMD3(t.m31, t.m32, t.m33))) / abs(w))
        }
    }

    var recomposed: Transform3D { parts.recomposed }

    func read(_ c: LayerKeyPath.Component) -> PropertyValue {
        switch c {
        case .rotation, .rotationZ: .number(parts.eulerAngles.z)
        case .rotationX: .number(parts.eulerAngles.x)
        case .rotationY: .number(parts.eulerAngles.y)
        case .scale: .number((parts.scale.x + parts.scale.y + parts.scale.z) / 3)
        case .scaleX: .number(parts.scale.x)
        case .scaleY: .number(parts.scale.y)
        case .scaleZ: .number(parts.scale.z)
        case .translation: .size(Size(width: parts.translation.x, height: parts.translation.y))
        case .translationX: .number(parts.translation.x)
        case .translationY: .number(parts.translation.y)
        case .translationZ: .number(parts.translation.z)
        default: .transform(recomposed)
        }
    }

    /// A component's value given as lanes (lane 0 for the numbers, lanes 0 and 1 for `translation`),
    /// as the compiled animations produce it, as a property value.
    static func value(of c: LayerKeyPath.Component, vector v: SIMD4<Double>) -> PropertyValue {
        c == .translation ? .size(Size(width: v.x, height: v.y)) : .number(v.x)
    }

    /// `t` with component `c` set to `value` (already checked to be of the component's type): what
    /// every writer of a transform's component (key paths, animations, compiled or not) calls.
    ///
    /// Through the decomposition, except on the identity — most layers' transform, which a spinner's
    /// `transform.rotation.z` animation writes into every frame — for a turn about z, a translation or a
    /// scale: those are written straight into the matrix, without decomposing and recomposing it
    /// (the same matrix within rounding, exact where the decomposition's is: a turn keeps m33 = 1).
    static func writing(_ c: LayerKeyPath.Component, _ value: PropertyValue, into t: Transform3D) -> Transform3D {
        var result = t
        write(c, value, into: &result)
        return result
    }

    /// Sets component `c` of `t` to `value`, in place (see `writing(_:_:into:)`).
    static func write(_ c: LayerKeyPath.Component, _ value: PropertyValue, into t: inout Transform3D) {
        if case .number(let n) = value, t.isIdentity, let written = identity(with: c, n) {
            t = written
            return
        }
        var parts = TransformComponents(t)
        parts.write(c, value)
        t = parts.recomposed
    }

    /// The identity with number-valued component `c` set to `n`, written straight into the matrix for a
    /// turn about z, a translation or a scale; nil for the components that go through the
    /// decomposition. `write` and the compiled animations' first write of a frame (`CompiledAnimation`)
    /// both take it from here, so the two give the same bits.
    @inline(__always)
    static func identity(with c: LayerKeyPath.Component, _ n: Double) -> Transform3D? {
        if let affine = identityAffine(with: c, n) { return Transform3D(affine: affine) }
        var t = Transform3D.identity
        switch c {
        case .translationZ: t.row4.z = n
        case .scale: (t.row1.x, t.row2.y, t.row3.z) = (n, n, n)
        case .scaleZ: t.row3.z = n
        default: return nil
        }
        return t
    }

    /// `identity(with:_:)` for the components whose matrix is a 2D affine transform (a turn about z,
    /// a translation or a scale along x or y), as that transform; nil for the others.
    @inline(__always)
    static func identityAffine(with c: LayerKeyPath.Component, _ n: Double) -> AffineTransform? {
        switch c {
        case .rotation, .rotationZ:
            let (sine, cosine) = sineAndCosine(n)
            return AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
        case .translationX: return AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: n, ty: 0)
        case .translationY: return AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: n)
        case .scaleX: return AffineTransform(a: n, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        case .scaleY: return AffineTransform(a: 1, b: 0, c: 0, d: n, tx: 0, ty: 0)
        default: return nil
        }
    }

    /// Writes `value` (already checked to be of the component's type) into the component.
    mutating func write(_ c: LayerKeyPath.Component, _ value: PropertyValue) {
        switch (c, value) {
        case (.rotation, .number(let n)), (.rotationZ, .number(let n)):
            if parts.rotation.x == 0 && parts.rotation.y == 0 {
                // A turn about z alone (most layers): its Euler angles are (±0, ±0, c), so setting z
                // is setting (0, 0, n), without finding c (an asin and two atan2s). Same bits.
                parts.eulerAngles = SIMD3(0, 0, n)
            } else {
                parts.eulerAngles.z = n
            }
        case (.rotationX, .number(let n)): parts.eulerAngles.x = n
        case (.rotationY, .number(let n)): parts.eulerAngles.y = n
        case (.scale, .number(let n)): parts.scale = SIMD3(repeating: n)
        case (.scaleX, .number(let n)): parts.scale.x = n
        case (.scaleY, .number(let n)): parts.scale.y = n
        case (.scaleZ, .number(let n)): parts.scale.z = n
        case (.translation, .size(let s)): (parts.translation.x, parts.translation.y) = (s.width, s.height)
        case (.translationX, .number(let n)): parts.translation.x = n
        case (.translationY, .number(let n)): parts.translation.y = n
        case (.translationZ, .number(let n)): parts.translation.z = n
        default: break
        }
    }
}

extension DecomposedTransform {
    /// The rotation as Euler angles `(a, b, c)` with `R = Rx(a) · Ry(b) · Rz(c)` (x applied first).
    public var eulerAngles: SIMD3<Double> {
        get {
            let r = DecomposedTransform(rotation: rotation).recomposed
            let sinB = Swift.min(Swift.max(-r.m13, -1), 1)
            let b = Double.asin(sinB)
            if abs(sinB) < 1 - 1e-12 {
                return SIMD3(Double.atan2(y: r.m23, x: r.m33), b, Double.atan2(y: r.m12, x: r.m11))
            }
            // Gimbal lock: only a ± c is determined; put it all in a.
            return SIMD3(Double.atan2(y: -r.m32, x: r.m22), b, 0)
        }
        set {
            // Rx · Ry · Rz, leaving out the factors that are the identity (most layers turn about z only).
            let rx = newValue.x == 0 ? nil : Transform3D(rotationAngle: newValue.x, x: 1, y: 0, z: 0)
            let ry = newValue.y == 0 ? nil : Transform3D(rotationAngle: newValue.y, x: 0, y: 1, z: 0)
            var r = Transform3D(rotationAngle: newValue.z, x: 0, y: 0, z: 1)
            switch (rx, ry) {
            case (let a?, let b?): r = a.concatenating(b).concatenating(r)
            case (let a?, nil): r = a.concatenating(r)
            case (nil, let b?): r = b.concatenating(r)
            case (nil, nil): break
            }
            // A pure rotation: its quaternion comes straight from its rows, without the whole
            // decomposition (which would find scale 1, no skew and no perspective).
            rotation = DecomposedTransform.quaternion(
                rows: SIMD3(r.m11, r.m12, r.m13), SIMD3(r.m21, r.m22, r.m23), SIMD3(r.m31, r.m32, r.m33))
        }
    }
}
