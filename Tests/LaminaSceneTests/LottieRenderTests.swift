import Foundation
import LaminaCore
import LaminaImage
import LaminaTestSupport
import Testing

/// Lottie files drawn by `lamina render`: pixels read back from the PNG, at places computed from the
/// file's geometry.
@Suite(.serialized) struct LottieRenderTests {
    func render(_ file: String, at time: Double) throws -> RGBAImage {
        try renderedDocument(file, at: time, name: "anim.json")
    }

    static let red = SIMD4<UInt8>(255, 0, 0, 255)
    static let clear = SIMD4<UInt8>(0, 0, 0, 0)

    @Test func aRadialHighlightMovesTheFocus() throws {
        // A radial gradient, white to black, about (50, 50) with radius 40 (end (90, 50)), over a
        // square filling the picture; highlight 50% at 0°: the focus is half the radius right of the
        // centre, at (70, 50), where the gradient starts. Along the centre line a circle grows from
        // the focus to the radius (in radii: focus f = 0.5, point u): right of the focus t = (u − f) /
        // (1 − f), left of it (f − u) / (1 + f): the centre is at t = 1/3, (80, 50) at 1/2.
        let square = #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}}"#
        let gradient = #"{"ty": "gf", "t": 2, "o": {"a": 0, "k": 100}, "r": 1, "s": {"a": 0, "k": [50, 50]}, "e": {"a": 0, "k": [90, 50]},"#
            + #" "h": {"a": 0, "k": 50}, "a": {"a": 0, "k": 0}, "g": {"p": 2, "k": {"a": 0, "k": [0, 1, 1, 1, 1, 0, 0, 0]}}}"#
        let image = try render(lottie(#"[{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(square), \#(gradient)]}]"#), at: 0)
        for x in [30, 50, 60, 70, 80, 85] {
            // At the pixel's centre, in radii from the centre (row 50's centre is 1/80 of a radius below
            // the line: it moves t by less than 1/255).
            let u = (Double(x) + 0.5 - 50) / 40
            let t = u >= 0.5 ? (u - 0.5) / 0.5 : (0.5 - u) / 1.5
            let level = 255 * (1 - t)
            #expect(abs(Double(image[x, 50].x) - level) <= 3, "x \(x): \(image[x, 50]), expected \(level)")
        }
    }

    @Test func aSolidLandsWhereItsTransformPutsIt() throws {
        // q in the 20x10 solid lands at p + R(90°)·S(2, 1)·q = (50 − y, 50 + 2x): x in 40...50, y in 50...90.
        let image = try render(
            lottie(##"[{"ty": 1, "nm": "s", "ind": 1, "ip": 0, "op": 60, "st": 0, "sw": 20, "sh": 10, "sc": "#ff0000","##
                + #" "ks": {"a": {"k": [0, 0]}, "p": {"k": [50, 50]}, "s": {"k": [200, 100]}, "r": {"k": 90}}}]"#),
            at: 0)
        #expect(image.width == 100 && image.height == 100)
        #expect(image[45, 70] == Self.red)
        #expect(image[41, 52] == Self.red)
        #expect(image[49, 88] == Self.red)
        #expect(image[55, 70] == Self.clear)
        #expect(image[45, 45] == Self.clear)
        #expect(image[45, 95] == Self.clear)
    }

    @Test func aSkewShearsTheLayerAlongItsAxisStillOrAnimated() throws {
        // A 20x20 solid at (50, 20) skewed by 45° about the x axis: q lands at (50 + x − y, 20 + y), so
        // its row 10 runs from x 40 to 60 (upright: 50 to 70). Animated from 0° at frame 0 to 45° at frame 30.
        let still = #"{"a": 0, "k": 45}"#
        let animated = #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [45]}]}"#
        for (skew, time) in [(still, 0.0), (animated, 1.0)] {
            let image = try render(
                lottie(##"[{"ty": 1, "nm": "s", "ind": 1, "ip": 0, "op": 60, "st": 0, "sw": 20, "sh": 20, "sc": "#ff0000","##
                    + ##" "ks": {"p": {"a": 0, "k": [50, 20]}, "sk": \##(skew), "sa": {"a": 0, "k": 0}}}]"##), at: time)
            #expect(image[45, 30] == Self.red, "\(skew)")
            #expect(image[35, 30] == Self.clear, "\(skew)")
            #expect(image[65, 30] == Self.clear, "\(skew)")
            #expect(image[35, 39] == Self.red, "\(skew)")
        }
        // At frame 0 the animated skew is 0: the square stands upright.
        let upright = try render(
            lottie(##"[{"ty": 1, "nm": "s", "ind": 1, "ip": 0, "op": 60, "st": 0, "sw": 20, "sh": 20, "sc": "#ff0000","##
                + ##" "ks": {"p": {"a": 0, "k": [50, 20]}, "sk": \##(animated), "sa": {"a": 0, "k": 0}}}]"##), at: 0)
        #expect(upright[65, 30] == Self.red && upright[45, 30] == Self.clear)
    }

    @Test func aTrimBelowTheStrokeCutsItAndAStartPastTheEndCutsBetweenThem() throws {
        // A line from x 10 to 90 at y 50, stroked 10 wide in red, trimmed from 75% to 25% by a trim
        // listed after the stroke: the stroke runs from x 30 to 70.
        let line = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[10, 50], [90, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let stroke = #"{"ty": "st", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}, "lc": 1, "lj": 1}"#
        let trim = #"{"ty": "tm", "s": {"a": 0, "k": 75}, "e": {"a": 0, "k": 25}, "o": {"a": 0, "k": 0}, "m": 1}"#
        let image = try render(lottie(#"[{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(line), \#(stroke), \#(trim)]}]"#), at: 0)
        #expect(image[50, 50] == Self.red)
        #expect(image[33, 50] == Self.red && image[67, 50] == Self.red)
        #expect(image[26, 50] == Self.clear && image[74, 50] == Self.clear)
    }

    @Test func puckerAndBloatMovesVerticesToTheCentreAndHandlesAway() throws {
        // The square 40...60 with a 50% pucker & bloat: its corners move halfway to (50, 50) and their
        // handles as far out, so the top edge becomes the curve (45, 45) (35, 35) (65, 35) (55, 45),
        // whose middle is at y = 45/8 + 3·35/8 + 3·35/8 + 45/8 = 37.5: past the square's own edge.
        let square = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[40, 40], [60, 40], [60, 60], [40, 60]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}}"#
        let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}"#
        let bloat = #"{"ty": "pb", "a": {"a": 0, "k": 50}}"#
        let image = try render(lottie(#"[{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(square), \#(bloat), \#(fill)]}]"#), at: 0)
        #expect(image[50, 50] == Self.red)
        #expect(image[50, 38] == Self.red)
        #expect(image[50, 36] == Self.clear)
        let plain = try render(lottie(#"[{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(square), \#(fill)]}]"#), at: 0)
        #expect(plain[50, 38] == Self.clear && plain[50, 41] == Self.red)
    }

    @Test func tintAndFillEffectsRecolourTheLayer() throws {
        // Tint maps black to blue and white to red: a white solid turns red, a black one blue, a grey one
        // (luma 0.5) the mix. Fill paints green over a red solid at 100% (its alpha kept).
        let tint = #"[{"ty": 20, "nm": "Tint", "ef": [{"ty": 2, "nm": "Map Black To", "v": {"a": 0, "k": [0, 0, 1, 1]}}, {"ty": 2, "nm": "Map White To", "v": {"a": 0, "k": [1, 0, 0, 1]}}, {"ty": 0, "nm": "Amount to Tint", "v": {"a": 0, "k": 100}}]}]"#
        let fill = #"[{"ty": 21, "nm": "Fill", "ef": [{"ty": 10, "nm": "Fill Mask", "v": {"a": 0, "k": 0}}, {"ty": 7, "nm": "All Masks", "v": {"a": 0, "k": 0}}, {"ty": 2, "nm": "Color", "v": {"a": 0, "k": [0, 1, 0, 1]}}, {"ty": 7, "nm": "Invert", "v": {"a": 0, "k": 0}}, {"ty": 0, "nm": "Horizontal Feather", "v": {"a": 0, "k": 0}}, {"ty": 0, "nm": "Vertical Feather", "v": {"a": 0, "k": 0}}, {"ty": 0, "nm": "Opacity", "v": {"a": 0, "k": 1}}]}]"#
        func solid(_ index: Int, _ color: String, x: Int, effects: String) -> String {
            ##"{"ty": 1, "ind": \##(index), "ip": 0, "op": 60, "st": 0, "sw": 20, "sh": 20, "sc": "\##(color)", "ks": {"p": {"a": 0, "k": [\##(x), 0]}}, "ef": \##(effects)}"##
        }
        let layers = [solid(1, "#ffffff", x: 0, effects: tint), solid(2, "#000000", x: 20, effects: tint), solid(3, "#ff0000", x: 40, effects: fill)]
        let image = try render(lottie("[" + layers.joined(separator: ", ") + "]"), at: 0)
        #expect(image[10, 10] == Self.red, "\(image[10, 10])")
        #expect(image[30, 10] == SIMD4(0, 0, 255, 255), "\(image[30, 10])")
        #expect(image[50, 10] == SIMD4(0, 255, 0, 255), "\(image[50, 10])")
        #expect(image[70, 10] == Self.clear)
    }

    @Test func aRoundedRectangleGrowingFromNothingKeepsItsFourSides() throws {
        // A rectangle of roundness 10 growing from 0x0 to 60x60 about (50, 50): its radius is 0 at the
        // start, yet every keyframe's path has the rounded form's eight vertices, so the frames between
        // are whole rounded squares (not paths cut where the vertex counts differ).
        let rect = #"{"ty": "rc", "p": {"a": 0, "k": [50, 50]}, "r": {"a": 0, "k": 10}, "s": {"a": 1, "k": [{"t": 0, "s": [0, 0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [60, 60]}]}}"#
        let fill = #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}"#
        let file = lottie(#"[{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(rect), \#(fill)]}]"#)
        for (time, half) in [(0.5, 15.0), (1.0, 30.0)] {
            let image = try render(file, at: time)
            let inner = Int(half) - 3
            for (x, y) in [(50 - inner, 50), (50 + inner, 50), (50, 50 - inner), (50, 50 + inner), (50, 50)] {
                #expect(image[x, y] == Self.red, "\(x), \(y) at \(time) s: \(image[x, y])")
            }
            #expect(image[50 + Int(half) + 3, 50] == Self.clear)
        }
    }

    @Test func shapeGroupsFillAndStrokeTheirPaths() throws {
        // A group moved by (10, 20) holds a 40x20 rectangle centred at (25, 15), filled blue, and a
        // green 4-wide stroke listed first (so drawn over the fill).
        let group = #"{"ty": "gr", "it": ["#
            + #"{"ty": "rc", "p": {"k": [25, 15]}, "s": {"k": [40, 20]}, "r": {"k": 0}},"#
            + #"{"ty": "st", "c": {"k": [0, 1, 0, 1]}, "o": {"k": 100}, "w": {"k": 4}},"#
            + #"{"ty": "fl", "c": {"k": [0, 0, 1, 1]}, "o": {"k": 100}},"#
            + #"{"ty": "tr", "p": {"k": [10, 20]}, "a": {"k": [0, 0]}, "s": {"k": [100, 100]}, "r": {"k": 0}, "o": {"k": 100}}]}"#
        let image = try render(lottie(#"[{"ty": 4, "nm": "shape", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(group)]}]"#), at: 0)
        // The rectangle spans x 15...55, y 25...45 on the canvas.
        #expect(image[35, 35] == SIMD4(0, 0, 255, 255))
        #expect(image[15, 35] == SIMD4(0, 255, 0, 255))  // on the left edge: the stroke
        #expect(image[35, 25] == SIMD4(0, 255, 0, 255))
        #expect(image[10, 35] == Self.clear)
        #expect(image[60, 35] == Self.clear)
    }

    @Test func anAlphaMatteShowsTheLayerOnlyInsideTheMatte() throws {
        // The matte (td) is a 50x100 solid on the left; the matted layer a red solid over the canvas.
        let layers = ##"[{"ty": 1, "nm": "matte", "ind": 1, "td": 1, "ip": 0, "op": 60, "st": 0, "sw": 50, "sh": 100, "sc": "#ffffff", "ks": {}},"##
            + ##" {"ty": 1, "nm": "content", "ind": 2, "tt": 1, "ip": 0, "op": 60, "st": 0, "sw": 100, "sh": 100, "sc": "#ff0000", "ks": {}}]"##
        let image = try render(lottie(layers), at: 0)
        #expect(image[25, 50] == Self.red)
        #expect(image[75, 50] == Self.clear)
    }

    @Test func aStarWhoseRotationAnimatesTurns() throws {
        // A five-pointed star about (50, 50), points 40 out and 20 in, turning a whole turn (0° to
        // 360°) from frame 0 to 30. At frame 7.5 (0.25 s) it has turned 90°: a point lies to the right,
        // at (90, 50), and none straight up, where one was at frame 0. A whole turn's ends are the same
        // path, so a star interpolated between them would not move.
        let turn = #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [360]}]}"#
        let star = #"{"ty": "sr", "sy": 1, "pt": {"a": 0, "k": 5}, "p": {"a": 0, "k": [50, 50]}, "r": \#(turn), "or": {"a": 0, "k": 40}, "os": {"a": 0, "k": 0}, "ir": {"a": 0, "k": 20}, "is": {"a": 0, "k": 0}}"#
        let layers = #"[{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(star), {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]}]"#
        let start = try render(lottie(layers), at: 0)
        #expect(start[50, 14] == Self.red && start[86, 50] == Self.clear, "\(start[50, 14]) \(start[86, 50])")
        let quarter = try render(lottie(layers), at: 0.25)
        #expect(quarter[86, 50] == Self.red && quarter[50, 14] == Self.clear, "\(quarter[86, 50]) \(quarter[50, 14])")
    }

    @Test func aStrokeWithoutCapsOrJoinsHasRoundOnes() throws {
        // A line from x 10 to 90 at y 50, 10 wide, no `lc`: round caps of radius 5 past each end. The
        // pixels centred 2.5 past either end are drawn; those centred 4.5 past and 4.5 off the line,
        // 6.4 from the end, are not (a square cap would draw both, a butt cap neither).
        let line = #"{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[10, 50], [90, 50]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let stroke = #"{"ty": "st", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 10}}"#
        let image = try render(lottie(#"[{"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": [\#(line), \#(stroke)]}]"#), at: 0)
        #expect(image[7, 50] == Self.red && image[92, 50] == Self.red, "\(image[7, 50]) \(image[92, 50])")
        #expect(image[5, 45] == Self.clear && image[94, 54] == Self.clear, "\(image[5, 45]) \(image[94, 54])")
    }

    @Test func aMaskCutsTheLayerToItsPath() throws {
        // A triangle mask (0,0)-(100,0)-(0,100) over a red solid: above the diagonal only.
        let mask = #"[{"mode": "a", "o": {"k": 100}, "pt": {"k": {"c": true, "v": [[0, 0], [100, 0], [0, 100]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}}]"#
        let image = try render(
            lottie(##"[{"ty": 1, "nm": "s", "ind": 1, "ip": 0, "op": 60, "st": 0, "sw": 100, "sh": 100, "sc": "#ff0000", "ks": {}, "hasMask": true, "masksProperties": \##(mask)}]"##),
            at: 0)
        #expect(image[20, 20] == Self.red)
        #expect(image[80, 80] == Self.clear)
        #expect(image[60, 20] == Self.red)
        #expect(image[20, 90] == Self.clear)
    }

    @Test func layersDrawFirstOnTop() throws {
        let layers = ##"[{"ty": 1, "nm": "top", "ind": 1, "ip": 0, "op": 60, "st": 0, "sw": 50, "sh": 50, "sc": "#00ff00", "ks": {}},"##
            + ##" {"ty": 1, "nm": "bottom", "ind": 2, "ip": 0, "op": 60, "st": 0, "sw": 100, "sh": 100, "sc": "#ff0000", "ks": {}}]"##
        let image = try render(lottie(layers), at: 0)
        #expect(image[25, 25] == SIMD4(0, 255, 0, 255))
        #expect(image[75, 75] == Self.red)
    }

    @Test func parentsPassOnTheirTransformButNotTheirOpacity() throws {
        // The parent (a null at 50% opacity) moves by (60, 0); the child solid is 20x20 at the origin.
        let layers = ##"[{"ty": 1, "nm": "child", "ind": 2, "parent": 1, "ip": 0, "op": 60, "st": 0, "sw": 20, "sh": 20, "sc": "#ff0000", "ks": {}},"##
            + #" {"ty": 3, "nm": "parent", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {"p": {"k": [60, 0]}, "o": {"k": 50}}}]"#
        let image = try render(lottie(layers), at: 0)
        #expect(image[70, 10] == Self.red)
        #expect(image[10, 10] == Self.clear)
    }

    @Test func aFileThatIsNeitherFormatIsRefusedNamingBoth() throws {
        let path = try sceneFile(#"{"layers": []}"#, name: "what.json")
        let run = try lamina("render", path, "--time", "0", "--output", path + ".png")
        #expect(run.status == 1)
        #expect(run.stderr.contains("neither a scene") && run.stderr.contains("Lottie"), "\(run.stderr)")
    }
}

/// Image layers: PNG from a data URI and from a file beside the animation, paths that leave its folder
/// refused, other formats reported.
@Suite(.serialized) struct LottieImageTests {
    /// A 2x1 PNG: red, green.
    static let png = try! PNG.encode(RGBAImage(width: 2, height: 1, bytes: [255, 0, 0, 255, 0, 255, 0, 255], alpha: .straight))

    /// An animation showing image asset `asset` (20x10) at the origin.
    static func file(_ asset: String) -> String {
        lottie(#"[{"ty": 2, "nm": "picture", "refId": "img", "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}}]"#, assets: "[\(asset)]")
    }

    func render(_ text: String, in folder: URL) throws -> LaminaRun {
        let path = folder.appendingPathComponent("anim.json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try lamina("render", path, "--time", "0", "--output", folder.appendingPathComponent("out.png").path)
    }

    @Test func aDataURIAndAFileBesideTheAnimationAreDrawnAtTheAssetSize() throws {
        let embedded = #"{"id": "img", "w": 20, "h": 10, "e": 1, "p": "data:image/png;base64,\#(Data(Self.png).base64EncodedString())"}"#
        let besides = #"{"id": "img", "w": 20, "h": 10, "u": "images/", "p": "two.png"}"#
        for asset in [embedded, besides] {
            let folder = try temporaryFolder()
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
            try Data(Self.png).write(to: folder.appendingPathComponent("images/two.png"))
            let run = try render(Self.file(asset), in: folder)
            try #require(run.status == 0, "\(run.stderr)")
            let image = try PNG.decode(fileAtPath: folder.appendingPathComponent("out.png").path)
            #expect(image[4, 5] == SIMD4(255, 0, 0, 255))
            #expect(image[15, 5] == SIMD4(0, 255, 0, 255))
            #expect(image[25, 5] == SIMD4(0, 0, 0, 0))
        }
    }

    @Test func aPathOutOfTheFolderIsRefusedAndAJPEGReported() throws {
        let folder = try temporaryFolder()
        let run = try render(Self.file(#"{"id": "img", "w": 20, "h": 10, "u": "", "p": "../secret.png"}"#), in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("assets[0]") && run.stderr.contains("leaves the animation's folder"), "\(run.stderr)")
        let webp = folder.appendingPathComponent("webp.json").path
        try Self.file(#"{"id": "img", "w": 20, "h": 10, "e": 1, "p": "data:image/webp;base64,UklGRg=="}"#).write(toFile: webp, atomically: true, encoding: .utf8)
        let check = try lamina("lottie-check", webp)
        #expect(check.status == 0)
        #expect(check.stdout.contains("assets[0].p: unsupported images-webp"), "\(check.stdout)")
    }

    @Test func aJPEGIsDecodedThroughLibjpegTurbo() throws {
        // 16x8: red on the left half, green on the right, at quality 95 without chroma subsampling.
        var bytes: [UInt8] = []
        for _ in 0..<8 { for x in 0..<16 { bytes += x < 8 ? [255, 0, 0, 255] : [0, 255, 0, 255] } }
        let jpeg = try JPEG.encode(RGBAImage(width: 16, height: 8, bytes: bytes, alpha: .straight), quality: 95)
        let folder = try temporaryFolder()
        let asset = #"{"id": "img", "w": 32, "h": 16, "e": 1, "p": "data:image/jpeg;base64,\#(Data(jpeg).base64EncodedString())"}"#
        let run = try render(Self.file(asset), in: folder)
        try #require(run.status == 0, "\(run.stderr)")
        let image = try PNG.decode(fileAtPath: folder.appendingPathComponent("out.png").path)
        #expect(nearlyEqual(image[6, 8], SIMD4(255, 0, 0, 255), within: 12), "\(image[6, 8])")
        #expect(nearlyEqual(image[26, 8], SIMD4(0, 255, 0, 255), within: 12), "\(image[26, 8])")
        // A JPEG that does not decode is refused at its asset.
        let broken = #"{"id": "img", "w": 32, "h": 16, "e": 1, "p": "data:image/jpeg;base64,/9j/4AAQ"}"#
        let refused = try render(Self.file(broken), in: folder)
        #expect(refused.status == 1 && refused.stderr.contains("assets[0]: the JPEG does not decode"), "\(refused.stderr)")
    }

    @Test func aDotLottieRendersItsActiveAnimationWithTheImagesItHolds() throws {
        let archive = RepositoryFiles.root.appendingPathComponent("Tests/Fixtures/lottie/dotlottie/version1.lottie").path
        let output = try temporaryFolder().appendingPathComponent("out.png").path
        let run = try lamina("render", archive, "--time", "0", "--output", output)
        try #require(run.status == 0, "\(run.stderr)")
        let image = try PNG.decode(fileAtPath: output)
        #expect(image.width == 40 && image.height == 20)
        #expect(image[4, 5] == SIMD4(255, 0, 0, 255))
        #expect(image[15, 5] == SIMD4(0, 255, 0, 255))
        #expect(image[30, 15] == SIMD4(0, 0, 0, 0))
        let check = try lamina("lottie-check", archive, "--animation", "solid")
        #expect(check.status == 0)
        #expect(check.stdout.contains("animations solid, picture (active: picture)"), "\(check.stdout)")
        let unknown = try lamina("lottie-check", archive, "--animation", "walk")
        #expect(unknown.status == 1 && unknown.stderr.contains(#"no animation "walk" in the dotLottie"#), "\(unknown.stderr)")
    }
}
