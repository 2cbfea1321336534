public import LaminaCore

/// A layer that shows part of its sublayers, scrolled by its bounds' origin (`CAScrollLayer`).
/// `scroll(to:)` moves the origin on the axes `scrollMode` allows; `masksToBounds` stays false unless
/// set, as on every layer. The properties are generated from the schema (`Layer+Properties.swift`).
open class ScrollLayer: Layer {
    open override class var kind: LayerKind { .scroll }

    /// Scrolls so that `point` of the layer's space is the bounds' origin, on the allowed axes
    /// (`scroll(_:)`), running the `bounds` action as any change of it does.
    public func scroll(to point: Point) {
        var origin = bounds.origin
        if scrollMode == .horizontally || scrollMode == .both { origin.x = point.x }
        if scrollMode == .vertically || scrollMode == .both { origin.y = point.y }
        guard origin != bounds.origin else { return }
        bounds = Rect(origin: origin, size: bounds.size)
    }

    /// Scrolls the least that shows as much of `rect` (in the layer's space) as fits, on the allowed
    /// axes (`scroll(_:)` with a rectangle).
    public func scroll(toShow rect: Rect) {
        let visible = bounds
        func axis(_ low: Double, _ high: Double, _ visibleLow: Double, _ extent: Double) -> Double {
            if high - low > extent || low < visibleLow { return low }
            if high > visibleLow + extent { return high - extent }
            return visibleLow
        }
        scroll(
            to: Point(
                x: axis(rect.minX, rect.maxX, visible.minX, visible.width), y: axis(rect.minY, rect.maxY, visible.minY, visible.height)))
    }
}

extension Layer {
    /// The part of the layer's bounds its scroll layer ancestors show, in the layer's space
    /// (`visibleRect`): the bounds, cut by each enclosing scroll layer's bounds.
    public var visibleRect: Rect {
        var visible = bounds
        var current: Layer = self
        while let parent = current.superlayer {
            if parent is ScrollLayer {
                let shown = parent.convert(parent.bounds, to: self)
                visible = visible.intersection(shown)
            }
            current = parent
        }
        return visible
    }

    /// Asks the nearest scroll layer above to scroll so that `rect` (in this layer's space) shows
    /// (`scrollRectToVisible(_:)`).
    public func scrollRectToVisible(_ rect: Rect) {
        var current: Layer = self
        while let parent = current.superlayer {
            if let scroller = parent as? ScrollLayer {
                scroller.scroll(toShow: convert(rect, to: scroller))
                return
            }
            current = parent
        }
    }
}
