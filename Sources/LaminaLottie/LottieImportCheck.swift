import LaminaCore

/// The importer's promise, checked for one input (the Lottie fuzzer's body and its test): any bytes
/// are either refused with a `LottieError` or compiled into operations that the model's own rules
/// (`LayerTree.perform`, what the daemon and the client library run) accept in order, within the
/// limits, with one JSON path per operation; the same with value providers for every kind of
/// property, and for the keypath listing. A crash, or a message from here, is a bug.
public enum LottieImportCheck {
    /// Providers for every kind of property a provider can set, matching wherever the names are.
    static let providers: LottieValueProviders = {
        var providers = LottieValueProviders()
        providers.set(LottieValueProvider(.color(Color(red: 1, green: 0, blue: 0, alpha: 0.5))), for: "**.Color")
        providers.set(LottieValueProvider(keyframes: [(0, .number(20)), (10, .number(100))])!, for: "**.Opacity")
        providers.set(LottieValueProvider(.number(3)), for: "**.Stroke Width")
        providers.set(LottieValueProvider(.gradient(colors: [.black, .white], locations: [0, 1])), for: "**.Colors")
        providers.set(LottieValueProvider(.size(Size(width: 50, height: 200))), for: "**.Scale")
        providers.set(LottieValueProvider(keyframes: [(0, .point(.zero)), (5, .point(Point(x: 10, y: 20)))])!, for: "*.Transform.Position")
        return providers
    }()

    /// Nil when the promise holds for `bytes`; otherwise what broke it.
    public static func failure(of bytes: [UInt8]) -> String? {
        do { _ = try LottieImporter.keypaths(of: bytes) } catch {}
        for providers in [LottieValueProviders(), Self.providers] {
            if let failure = failure(of: bytes, providers: providers) {
                return providers.isEmpty ? failure : "with value providers: \(failure)"
            }
        }
        return nil
    }

    private static func failure(of bytes: [UInt8], providers: LottieValueProviders) -> String? {
        let composition: LottieComposition
        do { composition = try LottieImporter.compile(bytes, valueProviders: providers) } catch { return nil }
        guard composition.operations.count == composition.operationPaths.count else {
            return "\(composition.operations.count) operations but \(composition.operationPaths.count) paths"
        }
        guard composition.layerCount <= LottieLimits.maximumLayers else { return "\(composition.layerCount) layers" }
        var tree = LayerTree()
        let root = tree.create(name: "canvas")
        var handles = HandleTable()
        var effects = LayerTree.OperationEffects()
        for (operation, path) in zip(composition.operations, composition.operationPaths) + [(.insertSublayer(composition.root, into: nil, at: nil), "")] {
            do {
                try tree.perform(operation, handles: &handles, root: root, committedAt: 0, readsPriorValues: false, effects: &effects)
            } catch {
                return "the model refused \(operation.summary) (from \(path.isEmpty ? "the document" : path)): \(error)"
            }
        }
        // Evaluating the tree at a few times must not trap either.
        var presentation = Presentation()
        var events: [AnimationEvent] = []
        for time in [0, composition.duration / 2, composition.duration * 2] where time.isFinite {
            tree.evaluate(at: time, into: &presentation, events: &events)
        }
        return nil
    }
}
