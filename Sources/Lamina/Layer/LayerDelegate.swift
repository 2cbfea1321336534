/// What a layer asks its delegate (`CALayerDelegate`): its actions, its display and its drawing. Every
/// method has a default that does what Core Animation does when the delegate does not implement it.
@MainActor
public protocol LayerDelegate: AnyObject {
    /// The action for `event` (a property name): an action, `NullAction.null` to stop the search with
    /// no action, or nil to let the layer keep looking (`actions`, `style`, the default).
    func action(for layer: Layer, forKey event: String) -> (any Action)?
    /// Makes the layer's contents. The default draws them: a bitmap of the bounds at `contentsScale`,
    /// drawn by `draw(_:in:)`.
    func display(_ layer: Layer)
    /// Draws the layer's contents.
    func draw(_ layer: Layer, in context: DrawingContext)
    /// Lays out the layer's sublayers. The default asks the layer's `layoutManager`.
    func layoutSublayers(of layer: Layer)
}

extension LayerDelegate {
    public func action(for layer: Layer, forKey event: String) -> (any Action)? { nil }
    public func display(_ layer: Layer) { layer.drawContents() }
    public func draw(_ layer: Layer, in context: DrawingContext) {}
    public func layoutSublayers(of layer: Layer) { layer.layoutManager?.layoutSublayers(of: layer) }
}
