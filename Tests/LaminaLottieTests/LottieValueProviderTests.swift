import LaminaCore
import LaminaLottie
import Testing

/// Value providers (lottie-ios's `setValueProvider(_:keypath:)`): keypaths with wildcards, the values
/// that replace the file's, keyframed values, precomps used under several names, and mistakes refused.
@Suite struct LottieValueProviderTests {
    /// A shape layer "Ball" (a group "Body" with "Fill 1" and "Stroke 1") and a precomp asset "p" used by
    /// layers "Left" and "Right", holding a red solid "Dot".
    static let file = Array(
        ##"""
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100,
         "assets": [{"id": "p", "layers": [{"ty": 1, "nm": "Dot", "ind": 1, "ip": 0, "op": 60, "sw": 10, "sh": 10, "sc": "#ff0000", "ks": {}}]}],
         "layers": [
          {"ty": 4, "nm": "Ball", "ind": 1, "ip": 0, "op": 60, "ks": {"p": {"a": 0, "k": [50, 50]}, "o": {"a": 0, "k": 100}},
           "shapes": [{"ty": "gr", "nm": "Body", "it": [
             {"ty": "el", "nm": "Ellipse 1", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [20, 20]}},
             {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}},
             {"ty": "st", "nm": "Stroke 1", "c": {"a": 0, "k": [0, 1, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}},
             {"ty": "tr", "nm": "Transform", "p": {"a": 0, "k": [0, 0]}}]}]},
          {"ty": 0, "nm": "Left", "refId": "p", "ind": 2, "ip": 0, "op": 60, "w": 100, "h": 100, "ks": {}},
          {"ty": 0, "nm": "Right", "refId": "p", "ind": 3, "ip": 0, "op": 60, "w": 100, "h": 100, "ks": {"p": {"a": 0, "k": [50, 0]}}}]}
        """##.utf8)

    func compile(_ entries: [(String, LottieValueProvider)]) throws(LottieError) -> LottieComposition {
        var providers = LottieValueProviders()
        for (keypath, provider) in entries { providers.set(provider, for: LottieKeypath(keypath)) }
        return try LottieImporter.compile(Self.file, valueProviders: providers)
    }

    /// Every value a composition sets for `key` on layers named `name` (or "name 2", ... as repeated
    /// names are), in order.
    func values(_ composition: LottieComposition, _ name: String, _ key: PropertyKey) -> [PropertyValue] {
        let handles = Set(composition.layerNames.filter { $0.name == name || $0.name.hasPrefix(name + " ") }.map(\.handle))
        return composition.operations.compactMap { operation in
            guard case .set(let h, let path, let value) = operation, handles.contains(h), path == LayerKeyPath(key) else { return nil }
            return value
        }
    }

    @Test("keypaths match names exactly, * one name, ** any run of names")
    func keypathMatching() {
        let fill = ["Ball", "Body", "Fill 1", "Color"]
        #expect(LottieKeypath("Ball.Body.Fill 1.Color").matches(fill))
        #expect(LottieKeypath("**.Fill 1.Color").matches(fill))
        #expect(LottieKeypath("**.Fill 1.Color").matches(["Fill 1", "Color"]))
        #expect(LottieKeypath("Ball.*.Fill 1.Color").matches(fill))
        #expect(!LottieKeypath("*.Fill 1.Color").matches(fill))
        #expect(LottieKeypath("Ball.**").matches(fill))
        #expect(!LottieKeypath("Ball.Body.Color").matches(fill))
        #expect(!LottieKeypath("Ball.Body.Fill 1.Color.More").matches(fill))
    }

    @Test("a colour, a width and a layer's position replace the file's; other properties keep theirs")
    func singleValues() throws {
        let plain = try compile([])
        #expect(values(plain, "Fill 1", .fillColor) == [.color(Color(red: 0, green: 0, blue: 1))])
        let changed = try compile([
            ("**.Fill 1.Color", LottieValueProvider(.color(Color(red: 1, green: 0.5, blue: 0)))),
            ("Ball.Body.Stroke 1.Stroke Width", LottieValueProvider(.number(7))),
            ("Ball.Transform.Position", LottieValueProvider(.point(Point(x: 10, y: 20)))),
        ])
        #expect(values(changed, "Fill 1", .fillColor) == [.color(Color(red: 1, green: 0.5, blue: 0))])
        #expect(values(changed, "Stroke 1", .strokeColor) == [.color(Color(red: 0, green: 1, blue: 0))])
        #expect(values(changed, "Stroke 1", .lineWidth) == [.number(7)])
        #expect(values(changed, "Ball", .position).last == .point(Point(x: 10, y: 20)))
        // The spelling without "Transform", as lottie-ios's Core Animation engine names it, works too.
        let short = try compile([("Ball.Position", LottieValueProvider(.point(Point(x: 3, y: 4))))])
        #expect(values(short, "Ball", .position).last == .point(Point(x: 3, y: 4)))
    }

    @Test("keyframed values play linearly between their frames")
    func keyframes() throws {
        let provider = try #require(LottieValueProvider(keyframes: [(30, .number(0)), (0, .number(100))]))
        #expect(provider.keyframes.map(\.frame) == [0, 30])
        let changed = try compile([("Ball.Transform.Opacity", provider)])
        let handle = try #require(changed.layerNames.first { $0.name == "Ball" }?.handle)
        let animations = changed.operations.compactMap { operation -> KeyframeAnimation? in
            guard case .addAnimation(handle, let animation, _) = operation, case .keyframe(let k) = animation.kind, k.keyPath == LayerKeyPath(.opacity) else {
                return nil
            }
            return k
        }
        let opacity = try #require(animations.first)
        #expect(opacity.values == [.number(1), .number(0)])
        #expect(LottieValueProvider(keyframes: []) == nil)
    }

    @Test("a precomp used under two names is copied where the providers tell them apart")
    func precompInstances() throws {
        let changed = try compile([("Right.Dot.Color", LottieValueProvider(.color(Color(red: 0, green: 1, blue: 0))))])
        let solids = values(changed, "solid", .backgroundColor)
        #expect(solids.count == 2)
        #expect(Set(solids) == [.color(Color(red: 1, green: 0, blue: 0)), .color(Color(red: 0, green: 1, blue: 0))])
        // Matching both instances changes both, with no copy needed.
        let both = try compile([("*.Dot.Color", LottieValueProvider(.color(Color(red: 0, green: 1, blue: 0))))])
        #expect(values(both, "solid", .backgroundColor) == Array(repeating: .color(Color(red: 0, green: 1, blue: 0)), count: 2))
    }

    @Test("a provider giving the wrong kind of value is refused naming its keypath and the property")
    func wrongKind() throws {
        do {
            _ = try compile([("**.Color", LottieValueProvider(.number(3)))])
            Issue.record("a number for a colour was accepted")
        } catch {
            #expect(error.message == #"the value provider for "**.Color" gives a number at frame 0.0; Color takes a colour"#, "\(error)")
            #expect(error.path == "layers[0].shapes[0].it[1].c", "\(error)")
        }
    }

    @Test("the keypaths of every property a provider can set are listed, as lottie-ios logs them")
    func keypathList() throws {
        let keypaths = try LottieImporter.keypaths(of: Self.file).map(\.description)
        for expected in [
            "Ball.Transform.Position", "Ball.Transform.Opacity", "Ball.Body.Fill 1.Color", "Ball.Body.Stroke 1.Stroke Width",
            "Ball.Body.Transform.Position", "Left.Dot.Color", "Right.Dot.Transform.Scale",
        ] {
            #expect(keypaths.contains(expected), "\(expected) in \(keypaths)")
        }
        #expect(!keypaths.contains("Ball.Position"))
    }

    @Test("precomps that multiply (each asset used twice, 20 deep) are refused, by the keypath walk as by the compiler")
    func multiplyingPrecompsAreRefused() throws {
        let assets = (0..<20).map { i in
            let inner = i == 19
                ? #"[{"ty": 3, "ind": 1, "ip": 0, "op": 60, "ks": {}}]"#
                : #"[{"ty": 0, "refId": "a\#(i + 1)", "ind": 1, "ip": 0, "op": 60, "ks": {}}, {"ty": 0, "refId": "a\#(i + 1)", "ind": 2, "ip": 0, "op": 60, "ks": {}}]"#
            return #"{"id": "a\#(i)", "layers": \#(inner)}"#
        }
        let file = Array(
            #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 10, "h": 10, "assets": [\#(assets.joined(separator: ", "))], "layers": [{"ty": 0, "refId": "a0", "ind": 1, "ip": 0, "op": 60, "ks": {}}]}"#.utf8)
        do {
            _ = try LottieImporter.keypaths(of: file)
            Issue.record("a file of 2^20 layers was walked for its keypaths")
        } catch {
            #expect(error.message.contains("more than \(LottieLimits.maximumLayers) layers"), "\(error)")
        }
        // With a provider the walk makes one copy per name (these layers have none, so the instances
        // share it) and the compiler refuses the nesting.
        do {
            _ = try compileWithProvider(file)
            Issue.record("a file of 2^20 layers was compiled")
        } catch {
            #expect(error.message.contains("deeper than \(LottieLimits.maximumPrecompDepth)"), "\(error)")
        }
    }

    func compileWithProvider(_ file: [UInt8]) throws(LottieError) -> LottieComposition {
        var providers = LottieValueProviders()
        providers.set(LottieValueProvider(.number(50)), for: "**.Opacity")
        return try LottieImporter.compile(file, valueProviders: providers)
    }
}
