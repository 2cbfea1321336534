import LaminaCore
import LaminaWire

/// The client messages `GoldenBytesTests` freezes, each paired with its bytes at protocol version 2.
/// Between them they use every operation, every value type, every animation kind and every request.
let goldenMessages: [ClientMessage] = {
    let h = LayerHandle(0x0102_0304_0506_0708)
    var path = Path()
    path.move(to: Point(x: 1, y: 2))
    path.addLine(to: Point(x: 3, y: 4))
    path.addQuadCurve(to: Point(x: 5, y: 6), control: Point(x: 7, y: 8))
    path.addCurve(to: Point(x: 9, y: 10), control1: Point(x: 11, y: 12), control2: Point(x: 13, y: 14))
    path.closeSubpath()
    let timing = MediaTiming(
        beginTime: 0.5, duration: 2, speed: -1, timeOffset: 0.25, repeatCount: .infinity, repeatDuration: 0,
        autoreverses: true, fillMode: .both)
    let basic = BasicAnimation(
        keyPath: try! LayerKeyPath("position.x"), fromValue: .number(1), toValue: nil, byValue: .number(-2),
        additive: true, cumulative: false)
    let keyframes = KeyframeAnimation(
        keyPath: LayerKeyPath(.position), values: [.point(Point(x: 1, y: 2))], path: path, keyTimes: [0, 0.5, 1],
        timingFunctions: [.easeIn, .easeOut], calculationMode: .cubicPaced, tensionValues: [0.5],
        continuityValues: [-0.5], biasValues: [0.25], rotationMode: .autoReverse, additive: false, cumulative: true)
    let rotation = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)
    return [
        .hello(version: 2, name: "golden"),
        .destroyPool(id: 9),
        .requestFrame(serial: 0xFFFF_FFFF),
        .queryPresentation(serial: 1, layer: h),
        .screenshot(serial: 2, destination: .png),
        .screenshot(serial: 3, destination: .pool(id: 4, offset: 4096)),
        .stats(serial: 5),
        .tree(serial: 6, scope: .allClients),
        .commit(Commit(
            serial: 7,
            bitmaps: [
                WireBitmap(id: BitmapID(1), pool: 2, offset: 64, width: 3, height: 4, stride: 16, format: .bgrx8, premultiplied: true,
                           damage: WireRegion(x: 1, y: 1, width: 2, height: 2)),
            ],
            operations: [
                .create(h, name: "layer"), .create(LayerHandle(2), name: nil), .destroy(LayerHandle(2)),
                .set(h, LayerKeyPath(.bounds), .rect(Rect(x: 1, y: 2, width: 3, height: 4))),
                .set(h, LayerKeyPath(.position), .point(Point(x: -1, y: 1e300))),
                .set(h, LayerKeyPath(.shadowOffset), .size(Size(width: 0, height: -3))),
                .set(h, LayerKeyPath(.backgroundColor), .color(Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 1))),
                .set(h, LayerKeyPath(.transform), .transform(rotation)),
                .set(h, try! LayerKeyPath("transform.rotation.z"), .number(0.5)),
                .set(h, try! LayerKeyPath("bounds.size"), .size(Size(width: 8, height: 9))),
                .set(h, LayerKeyPath(.hidden), .bool(true)),
                .set(h, LayerKeyPath(.contentsGravity), .gravity(.resizeAspectFill)),
                .set(h, LayerKeyPath(.minificationFilter), .filter(.trilinear)),
                .set(h, LayerKeyPath(.contents), .bitmap(BitmapID(1))),
                .set(h, LayerKeyPath(.contents), .bitmap(nil)),
                .insertSublayer(h, into: nil, at: nil), .insertSublayer(LayerHandle(3), into: h, at: 0),
                .removeFromSuperlayer(LayerHandle(3)), .setMask(h, mask: LayerHandle(4)), .setMask(h, mask: nil),
                .addAnimation(h, Animation(.basic(basic), timing: timing, timingFunction: .default, removedOnCompletion: false), key: "basic"),
                .addAnimation(h, Animation(.keyframe(keyframes)), key: nil),
                .addAnimation(h, Animation(.spring(SpringAnimation(basic, mass: 2, stiffness: 300, damping: 20, initialVelocity: -1))), key: "spring"),
                .addAnimation(h, Animation(.group([Animation(.basic(basic)), Animation(.group([]))])), key: "group"),
                .addAnimation(h, Animation(.transition(Transition(type: .push, subtype: .fromBottom, startProgress: 0.25, endProgress: 0.75))), key: "t"),
                .removeAnimation(h, key: "basic"), .removeAllAnimations(h),
            ])),
    ]
}()
