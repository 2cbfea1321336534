import Foundation
import LaminaCore
import Testing
import LaminaTestSupport

/// Every layer property of the scene format, read back through `lamina probe`.
@Suite struct ProbePropertyTests {
    @Test func everyPropertyRoundTrips() throws {
        let layers = try probe(
            scene(
                #"""
                [{"name": "a", "bounds": [1, 2, 30, 40], "position": [50, 60], "zPosition": 3, "anchorPoint": [0, 1],
                  "anchorPointZ": 4, "transform": [1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1],
                  "sublayerTransform": [{"perspective": 500}], "hidden": true, "opacity": 0.25,
                  "allowsGroupOpacity": false, "doubleSided": false, "geometryFlipped": true, "masksToBounds": true,
                  "backgroundColor": "#FF8000", "borderWidth": 2, "borderColor": "#00FF0080", "cornerRadius": 5,
                  "contents": "img", "contentsRect": [0, 0, 0.5, 0.5], "contentsCenter": [0.25, 0.25, 0.5, 0.5],
                  "contentsGravity": "resizeAspect", "contentsScale": 2, "minificationFilter": "trilinear",
                  "magnificationFilter": "nearest", "shadowColor": [0, 0, 1, 1], "shadowOpacity": 0.5,
                  "shadowOffset": [3, 4], "shadowRadius": 6, "beginTime": 0, "timeOffset": 0, "speed": 1}]
                """#, images: #"{"img": {"solid": [1, 1, 1, 1], "width": 2, "height": 2}}"#),
            at: 0)
        let a = try #require(layers["a"])
        #expect(numbers(a["bounds"]) == [1, 2, 30, 40])
        #expect(numbers(a["position"]) == [50, 60])
        #expect(numbers(a["zPosition"]) == [3])
        #expect(numbers(a["anchorPoint"]) == [0, 1])
        #expect(numbers(a["anchorPointZ"]) == [4])
        #expect(numbers(a["transform"]) == [1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1])
        #expect(numbers(a["sublayerTransform"])[11] == -1.0 / 500)
        #expect(a["hidden"] == .bool(true))
        #expect(numbers(a["opacity"]) == [0.25])
        #expect(a["allowsGroupOpacity"] == .bool(false))
        #expect(a["doubleSided"] == .bool(false))
        #expect(a["geometryFlipped"] == .bool(true))
        #expect(a["masksToBounds"] == .bool(true))
        #expect(close(numbers(a["backgroundColor"]), [1, 128.0 / 255, 0, 1]))
        #expect(numbers(a["borderWidth"]) == [2])
        #expect(close(numbers(a["borderColor"]), [0, 1, 0, 128.0 / 255]))
        #expect(numbers(a["cornerRadius"]) == [5])
        #expect(a["contents"] == .string("img"))
        #expect(numbers(a["contentsRect"]) == [0, 0, 0.5, 0.5])
        #expect(numbers(a["contentsCenter"]) == [0.25, 0.25, 0.5, 0.5])
        #expect(a["contentsGravity"] == .string("resizeAspect"))
        #expect(numbers(a["contentsScale"]) == [2])
        #expect(a["minificationFilter"] == .string("trilinear"))
        #expect(a["magnificationFilter"] == .string("nearest"))
        #expect(numbers(a["shadowColor"]) == [0, 0, 1, 1])
        #expect(numbers(a["shadowOpacity"]) == [0.5])
        #expect(numbers(a["shadowOffset"]) == [3, 4])
        #expect(numbers(a["shadowRadius"]) == [6])
    }

    @Test func defaultsAreCoreAnimations() throws {
        let a = try #require(try probe(scene(#"[{"name": "a"}]"#), at: 0)["a"])
        #expect(numbers(a["anchorPoint"]) == [0.5, 0.5])
        #expect(numbers(a["opacity"]) == [1])
        #expect(numbers(a["shadowOffset"]) == [0, -3])
        #expect(numbers(a["shadowRadius"]) == [3])
        #expect(numbers(a["shadowOpacity"]) == [0])
        #expect(numbers(a["backgroundColor"]) == [0, 0, 0, 0])
        #expect(numbers(a["borderColor"]) == [0, 0, 0, 1])
        #expect(a["contentsGravity"] == .string("resize"))
        #expect(a["contents"] == .null)
        #expect(a["allowsGroupOpacity"] == .bool(true))
        #expect(a["doubleSided"] == .bool(true))
        #expect(numbers(a["speed"]) == [1])
    }

    @Test func frameSetsBoundsSizeAndPosition() throws {
        let layers = try probe(
            scene(#"[{"name": "a", "bounds": [5, 5, 1, 1], "anchorPoint": [0, 0], "frame": [10, 20, 30, 40]}, {"name": "b", "transform": [{"scale": [2, 2, 1]}], "frame": [0, 0, 40, 40]}]"#),
            at: 0)
        #expect(numbers(layers["a"]?["bounds"]) == [5, 5, 30, 40])
        #expect(numbers(layers["a"]?["position"]) == [10, 20])
        #expect(numbers(layers["a"]?["frame"]) == [10, 20, 30, 40])
        // With a scale, bounds.size is the frame's size divided by it (CALayer's frame setter).
        #expect(numbers(layers["b"]?["bounds"]) == [0, 0, 20, 20])
        #expect(numbers(layers["b"]?["frame"]) == [0, 0, 40, 40])
    }

    @Test func transformOperationsApplyAsCATransform3DCalls() throws {
        let layers = try probe(
            scene(
                #"""
                [{"name": "ts", "transform": [{"translate": [10, 20, 0]}, {"scale": [2, 3, 1]}]},
                 {"name": "r", "transform": [{"rotate": [1.5707963267948966, 0, 0, 1]}]},
                 {"name": "m", "transform": [{"matrix": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 7, 8, 9, 1]}]}]
                """#),
            at: 0)
        // CATransform3DScale(CATransform3DMakeTranslation(10, 20, 0), 2, 3, 1): scale first, then translate.
        #expect(close(numbers(layers["ts"]?["transform"]), [2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 1, 0, 10, 20, 0, 1]))
        // CATransform3DMakeRotation(pi/2, 0, 0, 1): x turns toward y.
        #expect(close(numbers(layers["r"]?["transform"]), [0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]))
        #expect(numbers(layers["m"]?["transform"])[12...14] == [7, 8, 9])
    }

    @Test func dottedKeyPathsInSet() throws {
        let layers = try probe(
            scene(
                #"[{"name": "a", "position": [1, 2]}]"#,
                timeline: #"[{"at": 1, "disableActions": true, "set": {"a": {"position.x": 40, "bounds.size.width": 7}}}]"#),
            at: 1)
        #expect(numbers(layers["a"]?["position"]) == [40, 2])
        #expect(numbers(layers["a"]?["bounds"]) == [0, 0, 7, 0])
    }
}

/// The 16 numbers of a transform in CATransform3D field order.
func elements(_ t: Transform3D) -> [Double] {
    [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
}
