import LaminaCore

/// The importer's promise, checked for one input (the Lottie fuzzer's body and its test): any bytes
/// are either refused with a `LottieError` or compiled into operations that the model's own rules
/// (`LayerTree.perform`, what the daemon and the client library run) accept in order, within the
/// limits, with one JSON path per operation. A crash, or a message from here, is a bug.
public enum LottieImportCheck {
    /// Nil when the promise holds for `bytes`; otherwise what broke it.
    public static func failure(of bytes: [UInt8]) -> String? {
        let composition: LottieComposition
        do { composition = try LottieImporter.compile(bytes) } catch { return nil }
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
