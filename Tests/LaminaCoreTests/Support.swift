import LaminaCore
import PropertyBased
import LaminaTestSupport

/// Random well-conditioned transforms: a scale (never near zero, possibly mirrored), a rotation about a
/// random axis, a translation, and sometimes a skew and a perspective, composed in random-ish order.
let transforms = Gen.double(in: -1...1).array(of: 14).map { r -> Transform3D in
    var t = Transform3D(
        scaleX: (0.3 + abs(r[0]) * 2) * (r[1] < -0.8 ? -1 : 1), y: 0.3 + abs(r[2]) * 2, z: 0.3 + abs(r[3]) * 2)
    t = t.concatenating(Transform3D(rotationAngle: r[4] * 3, x: r[5], y: r[6], z: r[7] + 0.01))
    if r[8] > 0 {
        var skew = Transform3D.identity
        skew.m21 = r[9]
        t = skew.concatenating(t)
    }
    t = t.concatenating(Transform3D(translationX: r[10] * 100, y: r[11] * 100, z: r[12] * 10))
    if r[13] > 0.3 { t = t.concatenating(Transform3D(perspectiveDistance: 500 + r[13] * 500)) }
    return t
}

/// Random affine-in-2D transforms (rotation about z, scale, translation): what most layers carry.
let planarTransforms = Gen.double(in: -1...1).array(of: 5).map { r -> Transform3D in
    Transform3D(scaleX: 0.5 + abs(r[0]), y: 0.5 + abs(r[1]), z: 1)
        .rotated(by: r[2] * 3, x: 0, y: 0, z: 1)
        .translatedBy(x: r[3] * 50, y: r[4] * 50, z: 0)
}

let points = Gen.double(in: -200...200).array(of: 2).map { Point(x: $0[0], y: $0[1]) }
