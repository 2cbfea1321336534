import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import Testing

/// Lottie's shape modifiers and 3D rotations drawn by `lamina render`: trims whose kept part wraps
/// round the path's start, trims in an inner group cutting a stroke outside it, repeaters whose count
/// animates, rotations about x and y. Pixels read back from the PNG, at places computed from the
/// file's geometry.
@Suite(.serialized) struct LottieModifierRenderTests {
    static let red = SIMD4<UInt8>(255, 0, 0, 255)
    static let clear = SIMD4<UInt8>(0, 0, 0, 0)

    /// A line from x 10 to 90 at y 50 (80 long), stroked 10 wide in red with butt caps.
    static let line = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[10, 50], [90, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
    static let stroke = #"{"ty": "st", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 1, "lj": 1}"#
    static let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}"#
    /// Linear from `from` at frame 0 to `to` at frame 30.
    static func ramp(_ from: Double, _ to: Double) -> String {
        #"{"a": 1, "k": [{"t": 0, "s": [\#(from)], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [\#(to)]}]}"#
    }

    func shapeLayer(_ shapes: [String], at time: Double) throws -> RGBAImage {
        let items = shapes.joined(separator: ", ")
        return try renderedDocument(lottie(#"[{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(items)]}]"#), at: time, name: "anim.json")
    }

    @Test func aTrimMovedPastTheEndWrapsRoundToTheStart() throws {
        // Kept from 0 to 50%, moved on by 270° (three quarters): 75% to 125%, that is x 70...90 and,
        // wrapped round, x 10...30. Still, and with the offset turning from 0° at frame 0 to 360° at
        // frame 30, which reaches 270° at frame 22.5 (0.75 s).
        for (offset, time) in [(#"{"a": 0, "k": 270}"#, 0.0), (Self.ramp(0, 360), 0.75)] {
            let trim = #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": \#(offset), "m": 1}"#
            let image = try shapeLayer([Self.line, Self.stroke, trim], at: time)
            for x in [13, 20, 27, 73, 80, 87] {
                #expect(image[x, 50] == Self.red, "x \(x), offset \(offset): \(image[x, 50])")
            }
            for x in [34, 50, 66] {
                #expect(image[x, 50] == Self.clear, "x \(x), offset \(offset): \(image[x, 50])")
            }
        }
        // At frame 0 the turning offset is 0°: x 10...50.
        let trim = #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": \#(Self.ramp(0, 360)), "m": 1}"#
        let start = try shapeLayer([Self.line, Self.stroke, trim], at: 0)
        #expect(start[20, 50] == Self.red && start[45, 50] == Self.red)
        #expect(start[55, 50] == Self.clear && start[80, 50] == Self.clear)
    }

    @Test func aTrimInAnInnerGroupCutsTheStrokeAroundIt() throws {
        // The line and a trim keeping its first half are in a group; the stroke is outside it.
        let inner = #"{"ty": "gr", "it": [\#(Self.line), {"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "m": 1}, {"ty": "tr"}]}"#
        let image = try shapeLayer([inner, Self.stroke], at: 0)
        #expect(image[15, 50] == Self.red && image[45, 50] == Self.red)
        #expect(image[55, 50] == Self.clear && image[85, 50] == Self.clear)
        // A trim keeping nothing leaves nothing.
        let none = #"{"ty": "gr", "it": [\#(Self.line), {"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 0}, "o": {"a": 0, "k": -90}, "m": 1}, {"ty": "tr"}]}"#
        let empty = try shapeLayer([none, Self.stroke], at: 0)
        for x in stride(from: 10, through: 90, by: 10) {
            #expect(empty[x, 50] == Self.clear, "x \(x): \(empty[x, 50])")
        }
    }

    @Test func aTrimAfterAnotherKeepsItsPartOfWhatTheFirstKept() throws {
        // The first keeps 0...50% (x 10...50); the second 50...100% of that: x 30...50.
        let first = #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "m": 1}"#
        let second = #"{"ty": "tm", "s": {"a": 0, "k": 50}, "e": {"a": 0, "k": 100}, "o": {"a": 0, "k": 0}, "m": 1}"#
        let image = try shapeLayer([Self.line, first, second, Self.stroke], at: 0)
        #expect(image[33, 50] == Self.red && image[47, 50] == Self.red)
        #expect(image[26, 50] == Self.clear && image[54, 50] == Self.clear && image[80, 50] == Self.clear)
    }

    @Test func aDashOffsetThatAnimatesMovesTheDashesAlongThePath() throws {
        // Dashes and gaps of 20 along the line from x 10, the offset going from 0 at frame 0 to 20 at
        // frame 30 (1 s): first dashes at x 10...30 and 50...70, then a gap first, so x 30...50 and 70...90.
        let dashes = #"[{"n": "d", "v": {"a": 0, "k": 20}}, {"n": "g", "v": {"a": 0, "k": 20}}, {"n": "o", "v": \#(Self.ramp(0, 20))}]"#
        let stroke = #"{"ty": "st", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 1, "lj": 1, "d": \#(dashes)}"#
        for (time, on, off) in [(0.0, [20, 60], [40, 80]), (1.0, [40, 80], [20, 60])] {
            let image = try shapeLayer([Self.line, stroke], at: time)
            for x in on { #expect(image[x, 50] == Self.red, "\(time) s, x \(x): \(image[x, 50])") }
            for x in off { #expect(image[x, 50] == Self.clear, "\(time) s, x \(x): \(image[x, 50])") }
        }
    }

    @Test func dashLengthsThatAnimateChangeAlongThePath() throws {
        // Dashes from 10 long at frame 0 to 30 at frame 30, gaps of 10, along the line from x 10 (80
        // long). Frame 0: on 10...20, 30...40, 50...60, 70...80. Frame 15 (0.5 s), dashes of 20: on
        // 10...30, 40...60, 70...90. Frame 30 (1 s), dashes of 30: on 10...40, 50...80.
        let dashes = #"[{"n": "d", "v": \#(Self.ramp(10, 30))}, {"n": "g", "v": {"a": 0, "k": 10}}, {"n": "o", "v": {"a": 0, "k": 0}}]"#
        let stroke = #"{"ty": "st", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 1, "lj": 1, "d": \#(dashes)}"#
        let cases: [(time: Double, on: [Int], off: [Int])] = [
            (0, [15, 35, 55, 75], [25, 45, 65, 85]),
            (0.5, [15, 25, 45, 55, 75, 85], [35, 65]),
            (1, [15, 25, 35, 55, 65, 75], [45, 85]),
        ]
        for (time, on, off) in cases {
            let image = try shapeLayer([Self.line, stroke], at: time)
            for x in on { #expect(image[x, 50] == Self.red, "\(time) s, x \(x): \(image[x, 50])") }
            for x in off { #expect(image[x, 50] == Self.clear, "\(time) s, x \(x): \(image[x, 50])") }
        }
    }

    @Test func aRepeatersAnimatedCountShowsThatManyCopies() throws {
        // A 10x10 square at x 0...10, repeated 20 to the right; the count runs from 1 at frame 0 to
        // 5 at frame 30. At frame 16.5 (0.55 s) it is 3.2: three whole copies (x 0, 20 and 40).
        let square = #"{"ty": "rc", "p": {"a": 0, "k": [5, 50]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}}"#
        let repeater = #"{"ty": "rp", "c": \#(Self.ramp(1, 5)), "o": {"a": 0, "k": 0}, "m": 1, "tr": {"ty": "tr", "p": {"a": 0, "k": [20, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}}}"#
        for (time, copies) in [(0.0, 1), (0.55, 3), (1.0, 5)] {
            let image = try shapeLayer([square, Self.fill, repeater], at: time)
            for k in 0..<5 {
                #expect(image[5 + 20 * k, 50] == (k < copies ? Self.red : Self.clear), "copy \(k) at \(time) s: \(image[5 + 20 * k, 50])")
            }
        }
    }

    @Test func anOffsetPathGrowsAndShrinksShapesWithItsJoin() throws {
        // The square 30...70 offset by 5: 25...75. With miter joins its corners stay square (the
        // miter reaches 5√2 from the corner, within 4 × 5); with round ones a corner is an arc of
        // radius 5 about (30, 30), which the pixel at (25, 25) is outside of. Offset by −5: 35...65.
        let square = #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}, "r": {"a": 0, "k": 0}}"#
        func offset(_ amount: String, join: Int) -> String { #"{"ty": "op", "a": \#(amount), "lj": \#(join), "ml": {"a": 0, "k": 4}}"# }
        let mitred = try shapeLayer([square, offset(#"{"a": 0, "k": 5}"#, join: 1), Self.fill], at: 0)
        #expect(mitred[26, 50] == Self.red && mitred[74, 50] == Self.red && mitred[50, 26] == Self.red)
        #expect(mitred[25, 25] == Self.red && mitred[74, 74] == Self.red)
        #expect(mitred[24, 50] == Self.clear && mitred[50, 76] == Self.clear)
        let rounded = try shapeLayer([square, offset(#"{"a": 0, "k": 5}"#, join: 2), Self.fill], at: 0)
        #expect(rounded[26, 50] == Self.red && rounded[28, 28] == Self.red)
        #expect(rounded[25, 25] == Self.clear && rounded[74, 74] == Self.clear)
        // Shrunk, and animated from 0 at frame 0 to −10 at frame 30 (−5 at 0.5 s).
        for (amount, time) in [(#"{"a": 0, "k": -5}"#, 0.0), (Self.ramp(0, -10), 0.5)] {
            let shrunk = try shapeLayer([square, offset(amount, join: 1), Self.fill], at: time)
            #expect(shrunk[37, 50] == Self.red && shrunk[63, 63] == Self.red, "\(amount)")
            #expect(shrunk[33, 50] == Self.clear && shrunk[50, 67] == Self.clear, "\(amount)")
        }
        // A circle of radius 20 about (50, 50) offset by 5: radius 25, round all the way.
        let circle = #"{"ty": "el", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}}"#
        let grown = try shapeLayer([circle, offset(#"{"a": 0, "k": 5}"#, join: 1), Self.fill], at: 0)
        for (x, y) in [(50, 27), (27, 50), (73, 50), (50, 73), (33, 33), (66, 66)] {
            #expect(grown[x, y] == Self.red, "\(x), \(y): \(grown[x, y])")
        }
        for (x, y) in [(50, 23), (23, 50), (30, 30), (70, 70)] {
            #expect(grown[x, y] == Self.clear, "\(x), \(y): \(grown[x, y])")
        }
    }

    @Test func aMaskExpansionGrowsOrShrinksTheMaskWhicheverWayItWasDrawn() throws {
        // A red solid over the whole picture, masked by the square 40...60 expanded by 5: 35...65 with
        // corners rounded about (40, 40) and the others (the pixel at (35, 35) is 6.4 from it: outside).
        // Drawn clockwise or counterclockwise on screen, the same; expanded by −5: 45...55.
        let clockwise = #"{"c": true, "v": [[40, 40], [60, 40], [60, 60], [40, 60]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}"#
        let counterclockwise = #"{"c": true, "v": [[40, 40], [40, 60], [60, 60], [60, 40]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}"#
        func masked(_ path: String, expansion: String) throws -> RGBAImage {
            let mask = #"{"mode": "a", "inv": false, "pt": {"a": 0, "k": \#(path)}, "o": {"a": 0, "k": 100}, "x": \#(expansion)}"#
            let layer = ##"[{"ty": 1, "ind": 1, "ip": 0, "op": 60, "st": 0, "sw": 100, "sh": 100, "sc": "#ff0000", "ks": {}, "masksProperties": [\##(mask)]}]"##
            return try renderedDocument(lottie(layer), at: 0.5, name: "anim.json")
        }
        for path in [clockwise, counterclockwise] {
            let grown = try masked(path, expansion: #"{"a": 0, "k": 5}"#)
            for (x, y) in [(36, 50), (63, 50), (50, 36), (50, 63), (37, 37), (62, 62)] {
                #expect(grown[x, y] == Self.red, "\(x), \(y): \(grown[x, y])")
            }
            for (x, y) in [(33, 50), (66, 50), (50, 33), (35, 35), (64, 64)] {
                #expect(grown[x, y] == Self.clear, "\(x), \(y): \(grown[x, y])")
            }
            // Shrunk, and animated from 0 at frame 0 to −10 at frame 30 (−5 at 0.5 s).
            for expansion in [#"{"a": 0, "k": -5}"#, Self.ramp(0, -10)] {
                let shrunk = try masked(path, expansion: expansion)
                #expect(shrunk[46, 46] == Self.red && shrunk[53, 53] == Self.red, "\(expansion)")
                #expect(shrunk[43, 50] == Self.clear && shrunk[56, 50] == Self.clear, "\(expansion)")
            }
        }
    }

    @Test(arguments: [(2, [true, true, true, false]), (3, [true, false, false, false]), (4, [false, true, false, false]), (5, [true, false, true, false])])
    func mergedPathsFillWhatTheirModeCombines(mode: Int, shown: [Bool]) throws {
        // Squares 20...60 and 40...80, merged by `mode` and filled: at (30, 30) only the first, at
        // (50, 50) both, at (70, 70) only the second, at (30, 70) neither. Add shows all three,
        // subtract the first's own part, intersect the shared part, exclude both own parts.
        let first = #"{"ty": "rc", "p": {"a": 0, "k": [40, 40]}, "s": {"a": 0, "k": [40, 40]}, "r": {"a": 0, "k": 0}}"#
        let second = #"{"ty": "rc", "p": {"a": 0, "k": [60, 60]}, "s": {"a": 0, "k": [40, 40]}, "r": {"a": 0, "k": 0}}"#
        let merge = #"{"ty": "mm", "mm": \#(mode)}"#
        let image = try shapeLayer([first, second, merge, Self.fill], at: 0)
        for ((x, y), expected) in zip([(30, 30), (50, 50), (70, 70), (30, 70)], shown) {
            #expect(image[x, y] == (expected ? Self.red : Self.clear), "mode \(mode) at \(x), \(y): \(image[x, y])")
        }
    }

    @Test func rotationsAboutXAndYForeshortenTheLayer() throws {
        // A 20x20 solid about its centre at (50, 50), turned 60° about x: cos 60° = 1/2, so it spans
        // y 45...55 (x still 40...60); about y, x 45...55. Animated from 0° at frame 0 to 60° at frame 30.
        for (key, time, value) in [("rx", 0.0, #"{"a": 0, "k": 60}"#), ("ry", 0.0, #"{"a": 0, "k": 60}"#), ("rx", 1.0, Self.ramp(0, 60))] {
            let layer = ##"[{"ty": 1, "ddd": 1, "ind": 1, "ip": 0, "op": 60, "st": 0, "sw": 20, "sh": 20, "sc": "#ff0000", "ks": {"a": {"a": 0, "k": [10, 10, 0]}, "p": {"a": 0, "k": [50, 50, 0]}, "\##(key)": \##(value)}}]"##
            let image = try renderedDocument(lottie(layer), at: time, name: "anim.json")
            let (along, across) = key == "rx" ? ({ (d: Int) in image[50 + d, 50] }, { (d: Int) in image[50, 50 + d] }) : ({ (d: Int) in image[50, 50 + d] }, { (d: Int) in image[50 + d, 50] })
            #expect(along(-8) == Self.red && along(8) == Self.red, "\(key) at \(time) s")
            #expect(across(-3) == Self.red && across(3) == Self.red, "\(key) at \(time) s")
            #expect(across(-7) == Self.clear && across(7) == Self.clear, "\(key) at \(time) s: \(across(-7)), \(across(7))")
        }
    }

    @Test func aStarBetweenPointCountsGrowsAPartialPointAndAPolygonKeepsWholeSides() throws {
        // Points animating 5 to 6 over frames 0...30 are 5.5 at frame 15 (0.5 s). The star (radii 40
        // and 20 about (50, 50)) is spaced by 2π / 5.5 with a point of radius 30 (halfway between the
        // radii) at -73.6°, which covers (32, 22) and leaves an inner corner at the top, clearing
        // (49, 17); a star of 6 whole points would do the opposite. The polygon (radius 40) has 5
        // sides: (17, 62) lies in the hexagon a rounded count would give, outside the pentagon.
        let points = Self.ramp(5, 6)
        let star = #"{"ty": "sr", "sy": 1, "pt": \#(points), "p": {"a": 0, "k": [50, 50]}, "or": {"a": 0, "k": 40}, "ir": {"a": 0, "k": 20}, "os": {"a": 0, "k": 0}, "is": {"a": 0, "k": 0}, "r": {"a": 0, "k": 0}}"#
        let image = try shapeLayer([star, Self.fill], at: 0.5)
        #expect(image[32, 22] == Self.red && image[49, 17] == Self.clear, "\(image[32, 22]) \(image[49, 17])")
        #expect(image[50, 50] == Self.red)
        let polygon = #"{"ty": "sr", "sy": 2, "pt": \#(points), "p": {"a": 0, "k": [50, 50]}, "or": {"a": 0, "k": 40}, "os": {"a": 0, "k": 0}, "r": {"a": 0, "k": 0}}"#
        let sides = try shapeLayer([polygon, Self.fill], at: 0.5)
        #expect(sides[17, 62] == Self.clear && sides[82, 62] == Self.clear, "\(sides[17, 62]) \(sides[82, 62])")
        #expect(sides[50, 15] == Self.red && sides[50, 50] == Self.red)
    }
}
