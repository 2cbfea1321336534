import LaminaCore

/// Layout (`setNeedsLayout()`, `layoutIfNeeded()`, `layoutSublayers()`): run just before the outermost
/// transaction commits, before display, superlayers first.
extension Layer {
    /// Marks the layer as needing `layoutSublayers()` before the transaction commits. Changing its
    /// bounds, or its sublayers, marks it too.
    public func setNeedsLayout() {
        guard !isPresentation else { return }
        layoutRequested = true
        Session.shared.setNeedsLayout(self)
    }

    /// Whether `layoutSublayers()` is due.
    public func needsLayout() -> Bool { layoutRequested }

    /// Lays out now if marked.
    public func layoutIfNeeded() {
        guard layoutRequested else { return }
        layoutRequested = false
        layoutSublayers()
    }
}

/// What lays out a layer's sublayers when the layer has no delegate (`CALayoutManager`).
@MainActor
public protocol LayoutManager: AnyObject {
    /// Sets the frames of `layer`'s sublayers.
    func layoutSublayers(of layer: Layer)
}

/// Places sublayers by their `constraints` (`CAConstraintLayoutManager`): each constrained sublayer's
/// frame from its superlayer's bounds and its siblings' frames (by `name`), solved with LaminaCore's
/// `ConstraintLayout`. A cycle of constraints, or one naming no sibling, is reported (naming the
/// layers) and leaves the frames as they were.
@MainActor
public final class ConstraintLayoutManager: LayoutManager {
    public init() {}

    public func layoutSublayers(of layer: Layer) {
        let sublayers = layer.sublayers ?? []
        let items = sublayers.map { ConstraintLayout.Item(name: $0.name ?? "", frame: $0.frame, constraints: $0.constraints) }
        guard items.contains(where: { !$0.constraints.isEmpty }) else { return }
        do {
            let frames = try ConstraintLayout.solve(items, in: layer.bounds)
            for (i, sublayer) in sublayers.enumerated() where !items[i].constraints.isEmpty && sublayer.frame != frames[i] {
                sublayer.frame = frames[i]
            }
        } catch {
            Connection.report(.invalidOperation("layout of \(layer.name.map { "\"\($0)\"" } ?? "a layer"): \(error)"))
        }
    }
}
