import LaminaCore
import LaminaLottie
import Testing

/// The importer on its own: what it refuses (with the JSON path and the limit), what it reports as
/// unsupported, and the tree it builds.
@Suite struct LottieImporterTests {
    func document(_ layers: String, assets: String = "[]", fr: String = "30") -> [UInt8] {
        Array(#"{"v": "5.7.0", "fr": \#(fr), "ip": 0, "op": 60, "w": 100, "h": 100, "assets": \#(assets), "layers": \#(layers)}"#.utf8)
    }

    func refusal(_ bytes: [UInt8]) -> LottieError? {
        do {
            _ = try LottieImporter.compile(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func precompRecursionIsRefusedNamingTheChain() throws {
        let assets = #"[{"id": "a", "layers": [{"ty": 0, "refId": "b", "ind": 1, "ip": 0, "op": 60, "ks": {}}]},"#
            + #" {"id": "b", "layers": [{"ty": 0, "refId": "a", "ind": 1, "ip": 0, "op": 60, "ks": {}}]}]"#
        let error = try #require(refusal(document(#"[{"ty": 0, "refId": "a", "ind": 1, "ip": 0, "op": 60, "ks": {}}]"#, assets: assets)))
        #expect(error.message.contains("a → b → a"), "\(error)")
        #expect(error.path == "assets[1].layers[0].refId", "\(error)")
    }

    @Test func badValuesAreRefusedWithTheirPath() throws {
        let cases: [(layers: String, fr: String, path: String, words: String)] = [
            (#"[]"#, "0", "fr", "frame rate"),
            (#"[{"ty": 0, "refId": "nope", "ind": 1, "ip": 0, "op": 60, "ks": {}}]"#, "30", "layers[0].refId", "no precomp asset"),
            (#"[{"ty": 3, "ind": 1, "ip": 0, "op": 60, "ks": {"o": {"k": "high"}}}]"#, "30", "layers[0].ks.o.k", "expected a number"),
            (##"[{"ty": 1, "ind": 1, "ip": 0, "op": 60, "sw": 1e9, "sh": 5, "sc": "#fff", "ks": {}}]"##, "30", "layers[0].sw", "at most 16384"),
            (#"[{"ty": 3, "ind": 1, "parent": 2, "ip": 0, "op": 60, "ks": {}}, {"ty": 3, "ind": 2, "parent": 1, "ip": 0, "op": 60, "ks": {}}]"#, "30",
             "layers[1].parent", "loops"),
        ]
        for c in cases {
            let error = try #require(refusal(document(c.layers, fr: c.fr)), "\(c.layers) was accepted")
            #expect(error.path == c.path && error.message.contains(c.words), "\(error)")
        }
    }

    @Test func groupsNestedTooDeepAreRefusedNamingTheLimit() throws {
        var group = #"{"ty": "rc", "s": {"k": [1, 1]}}"#
        for _ in 0..<(LottieLimits.maximumGroupDepth + 2) { group = #"{"ty": "gr", "it": [\#(group), {"ty": "fl", "c": {"k": [1, 0, 0]}}, {"ty": "tr", "p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 9, "s": [1, 1]}]}}]}"# }
        let error = try #require(refusal(document(#"[{"ty": 4, "ind": 1, "ip": 0, "op": 60, "ks": {}, "shapes": [\#(group)]}]"#)))
        #expect(error.message.contains("nested deeper than \(LottieLimits.maximumGroupDepth)") && error.path.hasPrefix("layers[0].shapes[0].it[0]"), "\(error)")
    }

    @Test func sampledWorkIsBoundedOverTheWholeFile() throws {
        // A time-remapped precomp sampled at 2,000 frames, instanced 1,100 times: 4.4 million samples.
        let asset = #"[{"id": "a", "layers": [{"ty": 3, "ind": 1, "ip": 0, "op": 2000, "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 2000, "s": [100]}]}}}]}]"#
        let instance = #"{"ty": 0, "refId": "a", "ip": 0, "op": 2000, "w": 10, "h": 10, "ks": {}, "tm": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 2000, "s": [60]}]}}"#
        let layers = "[" + Array(repeating: instance, count: 1_100).joined(separator: ",") + "]"
        let bytes = Array(#"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 2000, "w": 100, "h": 100, "assets": \#(asset), "layers": \#(layers)}"#.utf8)
        let error = try #require(refusal(bytes))
        #expect(error.message.contains("more than \(LottieLimits.maximumSampledValues) sampled values"), "\(error)")
        // One instance is well inside the budget.
        let one = Array(#"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 2000, "w": 100, "h": 100, "assets": \#(asset), "layers": [\#(instance)]}"#.utf8)
        #expect(try LottieImporter.compile(one).animationCount == 1)
    }

    @Test func anImportStopsAtTheFirstValueItRefuses() throws {
        // The bottom layer (the last listed, compiled first) has a repeater that scales its second copy
        // by 10^7 to the power 10^9: infinite. Had the import gone on to the seventy layers above it (a
        // thousand copies each, past the 65,536-layer limit) before failing, it would have spent the
        // time and named the limit instead.
        let overflowing = #"{"ty": 4, "ind": 1, "ip": 0, "op": 60, "ks": {}, "shapes": [{"ty": "rc", "s": {"k": [10, 10]}}, {"ty": "fl", "c": {"k": [1, 0, 0]}}, {"ty": "rp", "c": {"k": 2}, "o": {"k": 1e9}, "tr": {"s": {"k": [1e9, 1e9]}}}]}"#
        let many = #"{"ty": 4, "ip": 0, "op": 60, "ks": {}, "shapes": [{"ty": "rc", "s": {"k": [10, 10]}}, {"ty": "fl", "c": {"k": [1, 0, 0]}}, {"ty": "rp", "c": {"k": 1000}}]}"#
        let layers = "[" + (Array(repeating: many, count: 70) + [overflowing]).joined(separator: ",") + "]"
        let error = try #require(refusal(document(layers)))
        #expect(error.path.hasPrefix("layers[70].shapes[2]") && error.message.contains("overflows to infinity"), "\(error)")
        // The seventy alone reach the limit: what the import met first decides the error.
        let limit = try #require(refusal(document("[" + Array(repeating: many, count: 70).joined(separator: ",") + "]")))
        #expect(limit.message.contains("more than \(LottieLimits.maximumLayers) layers"), "\(limit)")
    }

    @Test func animatedDashLengthsAreBoundedOverTheWholeFile() throws {
        // Dash lengths that change over 2,000 frames: one stroke layer per frame, 2,001 a copy of the
        // stroke. A repeater's three copies need 6,003, past the file's 4,096: the third keeps its
        // first lengths (one layer), reported.
        let stroke = #"{"ty": "st", "c": {"k": [1, 0, 0]}, "w": {"k": 2}, "d": [{"n": "d", "v": {"a": 1, "k": [{"t": 0, "s": [1]}, {"t": 2000, "s": [9]}]}}, {"n": "g", "v": {"k": 3}}]}"#
        func compiled(copies: Int) throws -> LottieComposition {
            let shapes = #"[{"ty": "rc", "s": {"k": [50, 50]}}, \#(stroke), {"ty": "rp", "c": {"k": \#(copies)}}]"#
            return try LottieImporter.compile(document(#"[{"ty": 4, "ind": 1, "ip": 0, "op": 60, "ks": {}, "shapes": \#(shapes)}]"#))
        }
        let two = try compiled(copies: 2)
        #expect(!two.diagnostics.contains { $0.feature == "animated-dashes" }, "\(two.diagnostics)")
        let three = try compiled(copies: 3)
        #expect(three.layerCount - two.layerCount == 1 + 1, "\(three.layerCount) against \(two.layerCount)")
        let report = try #require(three.diagnostics.first { $0.feature == "animated-dashes" })
        #expect(report.path == "layers[0].shapes[1].d" && report.detail.contains("\(LottieLimits.maximumDashSamples)"), "\(report)")
        // Every layer holds the path again: 2,001 copies of a 10,000-vertex path would be 20 million
        // vertices, past the file's sampled values. One layer keeps the first lengths.
        let points = (0..<LottieLimits.maximumPathVertices).map { "[\($0 % 100), \($0 / 100)]" }.joined(separator: ",")
        let zeros = Array(repeating: "[0, 0]", count: LottieLimits.maximumPathVertices).joined(separator: ",")
        let path = #"{"ty": "sh", "ks": {"k": {"c": false, "v": [\#(points)], "i": [\#(zeros)], "o": [\#(zeros)]}}}"#
        let large = try LottieImporter.compile(document(#"[{"ty": 4, "ind": 1, "ip": 0, "op": 60, "ks": {}, "shapes": [\#(path), \#(stroke)]}]"#))
        #expect(large.diagnostics.contains { $0.feature == "animated-dashes" }, "\(large.diagnostics)")
        #expect(large.layerCount < 10, "\(large.layerCount) layers")
    }

    @Test func aStarTurningAbsurdlyFastIsImportedUnsampled() throws {
        // 10^9 degrees (the largest number a file may hold) between keyframes cannot be sampled 10°
        // apart: the star is kept at its keyframes (as any shape whose parts animate), without trapping
        // or making the samples.
        let keys = (0..<200).map { #"{"t": \#($0), "s": [\#($0 % 2 == 0 ? "0" : "1e9")]}"# }.joined(separator: ",")
        let star = #"{"ty": "sr", "sy": 1, "pt": {"k": 5}, "p": {"k": [50, 50]}, "r": {"a": 1, "k": [\#(keys)]}, "or": {"k": 40}, "os": {"k": 0}, "ir": {"k": 20}, "is": {"k": 0}}"#
        let composition = try LottieImporter.compile(document(#"[{"ty": 4, "ind": 1, "ip": 0, "op": 60, "ks": {}, "shapes": [\#(star), {"ty": "fl", "c": {"k": [1, 0, 0]}}]}]"#))
        #expect(composition.animationCount >= 1)
    }

    @Test func tooManyKeyframesAreRefusedNamingTheLimit() throws {
        let keys = (0...LottieLimits.maximumKeyframes).map { #"{"t": \#($0), "s": [0]}"# }.joined(separator: ",")
        let error = try #require(refusal(document(#"[{"ty": 3, "ind": 1, "ip": 0, "op": 60, "ks": {"o": {"a": 1, "k": [\#(keys)]}}}]"#)))
        #expect(error.path == "layers[0].ks.o.k" && error.message.contains("at most \(LottieLimits.maximumKeyframes)"), "\(error)")
    }

    @Test func unsupportedFeaturesAreReportedWhereTheyAre() throws {
        let layers = ##"[{"ty": 1, "ind": 1, "td": 1, "ip": 0, "op": 60, "sw": 5, "sh": 5, "sc": "#ffffff", "ks": {}},"##
            + ##" {"ty": 1, "ind": 2, "tt": 3, "ip": 0, "op": 60, "sw": 5, "sh": 5, "sc": "#ffffff", "ks": {"o": {"k": 100, "x": "wiggle(1, 2)"}}},"##
            + #" {"ty": 4, "ind": 3, "ip": 0, "op": 60, "ks": {}, "shapes": [{"ty": "el", "p": {"k": [0, 0]}, "s": {"k": [4, 4]}},"#
            + #" {"ty": "mm", "mm": 3}, {"ty": "zz", "r": {"k": 3}}, {"ty": "mm", "mm": 1}, {"ty": "st", "c": {"k": [1, 0, 0]}, "w": {"k": 1}}]}]"#
        let composition = try LottieImporter.compile(document(layers))
        let found = Set(composition.diagnostics.map { "\($0.feature)@\($0.path)" })
        // A luma matte is drawn (through colour-matrix filters on the mask), so it is not reported.
        #expect(!found.contains { $0.hasPrefix("luma-matte") }, "\(found)")
        #expect(found.contains("shape-zz@layers[2].shapes[2]"), "\(found)")
        #expect(found.contains("expressions@layers[1].ks.o.x"), "\(found)")
        // Merged paths are filled as their mode combines them; stroked, each outline is.
        #expect(found.contains("merged-strokes@layers[2].shapes[1]"), "\(found)")
        // A merge of mode 1 is one compound path, as the styles paint it: nothing to report.
        #expect(!found.contains { $0.hasSuffix("shapes[3]") }, "\(found)")
    }

    @Test func theTreeIsBuiltUnderOneRootWithTheFileTimes() throws {
        let composition = try LottieImporter.compile(document(#"[{"ty": 3, "nm": "n", "ind": 1, "ip": 0, "op": 60, "ks": {}}]"#))
        #expect(composition.size == Size(width: 100, height: 100))
        #expect(composition.duration == 2)
        #expect(composition.layerCount == 3)  // the root, the time origin, the null
        #expect(composition.operations.first == .create(composition.root, name: "lottie", kind: .layer))
        #expect(composition.layerNames.map(\.name) == ["lottie", "time", "n"])
        #expect(composition.operations.count == composition.operationPaths.count)
    }

    @Test func notLottieIsSaidSo() throws {
        let error = try #require(refusal(Array(#"{"lamina": 1}"#.utf8)))
        #expect(error.message.contains("not a Lottie file"))
    }
}
