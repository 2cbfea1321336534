import Foundation
import LaminaCore
import LaminaImage
import LaminaJSON
import LaminaTestSupport
import Testing

/// A Lottie document around `layers`.
func lottie(_ layers: String, assets: String = "[]", width: Int = 100, height: Int = 100, frameRate: Double = 30, ip: Double = 0, op: Double = 60)
    -> String
{
    #"{"v": "5.7.0", "fr": \#(frameRate), "ip": \#(ip), "op": \#(op), "w": \#(width), "h": \#(height), "assets": \#(assets), "layers": \#(layers)}"#
}

/// The y of a cubic Bézier timing curve with control points (x1, y1), (x2, y2) at input x, by bisection
/// on the curve's parameter: computed here independently of the engine's Newton solver.
func bezierProgress(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func b(_ t: Double, _ p1: Double, _ p2: Double) -> Double { 3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t }
    var (lo, hi) = (0.0, 1.0)
    for _ in 0..<100 {
        let mid = (lo + hi) / 2
        if b(mid, x1, x2) < x { lo = mid } else { hi = mid }
    }
    return b((lo + hi) / 2, y1, y2)
}

/// Lottie files played as layer trees, read back through `lamina probe` (the presentation tree the
/// compositor draws, without a GPU): keyframes and their curves, hold keyframes, precomp time, in and
/// out points.
@Suite struct LottiePlaybackTests {
    /// A null layer named `name` whose transform is `ks`.
    func null(_ name: String, _ ks: String, extra: String = "") -> String {
        #"{"ty": 3, "nm": "\#(name)", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": \#(ks)\#(extra)}"#
    }

    @Test func positionKeyframesFollowTheirCurve() throws {
        // Ease in (o = 0.42, 0; i = 1, 1) from (10, 20) at frame 0 to (110, 70) at frame 30, at 30 fps.
        let ks = #"{"p": {"a": 1, "k": [{"t": 0, "s": [10, 20], "o": {"x": [0.42], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [110, 70]}]}}"#
        for frame in [0.0, 7.5, 15, 22.5, 30, 45] {
            let layers = try probe(lottie("[\(null("box", ks))]"), at: frame / 30)
            let p = bezierProgress(0.42, 0, 1, 1, at: min(frame / 30, 1))
            let position = numbers(layers["box"]?["position"])
            #expect(close(position, [10 + 100 * p, 20 + 50 * p], tolerance: 1e-6), "frame \(frame): \(position)")
        }
    }

    @Test func anchorScaleAndRotationPlaceTheLayerAsLottieDoes() throws {
        // A point q of the layer lands at p + R·S·(q − a): the anchor is the bounds' origin.
        let ks = #"{"a": {"k": [5, 10]}, "p": {"k": [50, 40]}, "s": {"k": [200, 50]}, "r": {"k": 30}, "o": {"k": 40}}"#
        let layers = try probe(lottie("[\(null("box", ks))]"), at: 0)
        let box = try #require(layers["box"])
        #expect(numbers(box["position"]) == [50, 40])
        #expect(numbers(box["anchorPoint"]) == [0, 0])
        #expect(numbers(box["bounds"]).prefix(2) == [5, 10])
        #expect(close(numbers(box["opacity"]), [0.4]))
        let (c, s) = (cos(Double.pi / 6), sin(Double.pi / 6))
        // Row vectors: scale first, then the turn.
        let m = numbers(box["transform"])
        #expect(close([m[0], m[1], m[4], m[5]], [2 * c, 2 * s, -0.5 * s, 0.5 * c], tolerance: 1e-9), "\(m)")
    }

    @Test func splitPositionAnimatesEachAxis() throws {
        let ks = #"{"p": {"s": true, "x": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 60, "s": [60]}]}, "y": {"k": 7}}}"#
        let layers = try probe(lottie("[\(null("box", ks))]"), at: 1)
        #expect(close(numbers(layers["box"]?["position"]), [30, 7], tolerance: 1e-9))
    }

    @Test func holdKeyframesJumpAtTheNextKeyframe() throws {
        let ks = #"{"o": {"a": 1, "k": [{"t": 0, "s": [100], "h": 1}, {"t": 30, "s": [0], "h": 1}, {"t": 45, "s": [50]}]}}"#
        let file = lottie("[\(null("box", ks))]")
        for (frame, expected) in [(0.0, 1.0), (29.9, 1.0), (30.01, 0.0), (44.9, 0.0), (45.01, 0.5), (59, 0.5)] {
            let layers = try probe(file, at: frame / 30)
            #expect(close(numbers(layers["box"]?["opacity"]), [expected], tolerance: 1e-9), "frame \(frame)")
        }
    }

    @Test func inAndOutPointsHideTheLayer() throws {
        let file = lottie(
            #"[{"ty": 3, "nm": "early", "ind": 1, "ip": 10, "op": 20, "st": 0, "ks": {}},"#
                + #" {"ty": 3, "nm": "whole", "ind": 2, "ip": 0, "op": 60, "st": 0, "ks": {}}]"#)
        for (frame, hidden) in [(5.0, true), (10.0, false), (19.5, false), (20.0, true), (40, true)] {
            let layers = try probe(file, at: frame / 30)
            #expect(layers["early"]?["hidden"] == .bool(hidden), "frame \(frame)")
            #expect(layers["whole"]?["hidden"] == .bool(false), "frame \(frame)")
        }
        // The frame at op is shown, with the layers that end there (as lottie-ios shows it).
        #expect(try probe(file, at: 2)["whole"]?["hidden"] == .bool(false))
        #expect(try probe(file, at: 5)["whole"]?["hidden"] == .bool(false))
    }

    @Test func aPrecompRunsInItsOwnTime() throws {
        // Child time = (t − st) / sr: at frame 30 with st 10, sr 2, the child is at its frame 10.
        let asset = #"[{"id": "inner", "layers": [{"ty": 3, "nm": "child", "ind": 1, "ip": 0, "op": 100, "st": 0,"#
            + #" "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 20, "s": [100]}]}}}]}]"#
        let file = lottie(#"[{"ty": 0, "nm": "pre", "refId": "inner", "ind": 1, "ip": 0, "op": 60, "st": 10, "sr": 2, "w": 100, "h": 100, "ks": {}}]"#, assets: asset)
        for (frame, childFrame) in [(30.0, 10.0), (14.0, 2.0), (50.0, 20.0)] {
            let layers = try probe(file, at: frame / 30)
            #expect(close(numbers(layers["child"]?["opacity"]), [min(childFrame / 20, 1)], tolerance: 1e-9), "frame \(frame)")
        }
    }

    @Test func theInPointIsTimeZero() throws {
        // ip 30: scene time 0 is frame 30.
        let ks = #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 60, "s": [60, 0]}]}}"#
        let file = lottie("[\(null("box", ks))]", ip: 30, op: 60)
        #expect(close(numbers(try probe(file, at: 0)["box"]?["position"]), [30, 0], tolerance: 1e-9))
        #expect(close(numbers(try probe(file, at: 0.5)["box"]?["position"]), [45, 0], tolerance: 1e-9))
        // After the out-point the last frame holds: op − 0.001.
        #expect(close(numbers(try probe(file, at: 3)["box"]?["position"]), [59.999, 0], tolerance: 1e-9))
    }
}
