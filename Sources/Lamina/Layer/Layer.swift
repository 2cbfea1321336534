public import LaminaCore

/// A layer (`CALayer`): a rectangle with a background, a border, contents, a shadow, sublayers and a
/// transform, shown by the daemon and animated there.
///
/// Setting a property changes the model at once and sends the change with the current transaction.
/// For a layer that has already been committed, the change also runs the property's action — by
/// default an implicit animation from what is on screen to the new value, lasting
/// `Transaction.animationDuration`. `presentation()` gives what is on screen now.
///
/// Layers belong to the main actor, as Core Animation's do to the main thread.
@MainActor
open class Layer {
    /// The layer's handle on the wire (nil for presentation copies).
    private(set) var handle: LayerHandle!
    /// A presentation copy's values; nil on a model layer.
    private var snapshot: PropertyValues?
    /// The model layer a presentation copy was made from.
    private weak var modelLayer: Layer?
    /// The media time a presentation copy shows.
    private(set) var presentationTime: Double?
    /// Sublayers, in order (the model tree decides the order; this keeps the objects alive).
    private var children: [Layer] = []
    private weak var parent: Layer?
    private var maskLayer: Layer?
    private weak var maskOwner: Layer?
    private var explicitlySet: Set<PropertyKey> = []
    private var displayRequested = false
    /// The bitmap shown as `contents`, held here: a bitmap lives while a layer shows it.
    var contentsBitmap: Bitmap?
    /// Whether `contentsBitmap` was drawn by `drawContents()` (so a redraw may update it in place).
    var contentsDrawn = false
    /// The part of the bounds marked by `setNeedsDisplay(_:)` since the last display (nil: all of it).
    var displayDamage: Rect?
    /// Whether `layoutSublayers()` is due.
    var layoutRequested = false
    /// How the sublayers are laid out when the layer has no delegate (`CALayer.layoutManager`): a
    /// `ConstraintLayoutManager` places them by their `constraints`.
    public var layoutManager: (any LayoutManager)? {
        didSet { setNeedsLayout() }
    }
    /// Where a constraint layout places this layer in its superlayer (`CALayer.constraints`), relative
    /// to the superlayer's bounds or to siblings by `name`.
    public var constraints: [Constraint] = [] {
        didSet { superlayer?.setNeedsLayout() }
    }

    /// `CALayer.name`: setting it renames the layer on the daemon too (its `tree` reply shows it).
    public var name: String? {
        didSet {
            guard !isPresentation, name != oldValue else { return }
            Session.shared.record(.setName(handle, name: name))
        }
    }
    /// Called with the pointer, touch and key events the daemon delivers for this layer (a tap is a
    /// `pointerDown`/`pointerUp` or `touchDown`/`touchUp` pair), on the main actor. An event for a
    /// sublayer with no handler goes up to the nearest superlayer that has one, its `location`
    /// converted into that layer's space, as UIKit's responder chain passes touches up; what no layer
    /// handles goes to `Connection.onInput`. The daemon hit-tests where layers are drawn, mid-animation
    /// included; see `docs/protocol.md`, "Input".
    public var onInput: (@MainActor (InputEvent) -> Void)?
    /// Asked for actions, display and drawing (held weakly).
    public weak var delegate: (any LayerDelegate)?
    /// Actions by key, consulted after the delegate (`NullAction.null` means none).
    public var actions: [String: any Action] = [:]
    /// Default values and actions, consulted after `actions`: the key `"actions"` holds a
    /// `[String: any Action]`, any property name a default for that property (applied to properties
    /// the layer has not set), and `"style"` a further style dictionary searched next.
    public var style: [String: Any]? {
        didSet { applyStyle() }
    }
    /// Whether changing `bounds` calls `setNeedsDisplay()`.
    public var needsDisplayOnBoundsChange = false
    /// Whether the layer's drawn contents are entirely opaque: `display()` then draws into a bitmap
    /// with no alpha channel (starting black), which the daemon composites without blending and which
    /// hides what lies beneath without drawing it. As in Core Animation it affects only drawn contents,
    /// not a `contents` bitmap set directly.
    public var isOpaque = false

    /// A layer with Core Animation's defaults.
    public init(name: String? = nil) {
        self.name = name
        handle = Session.shared.register(self, name: name, kind: Self.kind)
    }

    /// The kind of layer this class makes, fixed when the layer is made: `ShapeLayer`,
    /// `GradientLayer` and `TextLayer` override it, and a subclass of one of them inherits it.
    open class var kind: LayerKind { .layer }

    /// A presentation copy of `model` with `values`, as presented at media time `time`.
    init(presentationOf model: Layer, values: PropertyValues, at time: Double) {
        name = model.name
        snapshot = values
        modelLayer = model
        presentationTime = time
    }

    deinit {
        if let handle { Session.freed.withLock { $0.append(handle) } }
    }

    /// Whether this is a presentation copy.
    public var isPresentation: Bool { snapshot != nil }

    // MARK: Values

    /// The layer's values: the model's, or a presentation copy's.
    var values: PropertyValues {
        if let snapshot { return snapshot }
        let session = Session.shared
        guard let id = session.layerID(handle), let values = try? session.model.values(of: id) else {
            return PropertyValues(kind: Self.kind)
        }
        return values
    }

    /// A property's value, typed.
    subscript<Value>(property: Property<Value>) -> Value {
        get { values[property] }
        set { setValue(newValue.propertyValue, at: LayerKeyPath(property.key)) }
    }

    /// Sets a property (or a component of one), running its action.
    func setValue(_ value: PropertyValue, at path: LayerKeyPath) {
        if var snapshot {
            try? snapshot.setValue(value, at: path)
            self.snapshot = snapshot
            return
        }
        guard Session.shared.record(.set(handle, path, value)) != nil else { return }
        explicitlySet.insert(path.key)
        if path.key == .bounds, needsDisplayOnBoundsChange { setNeedsDisplay() }
        // New bounds lay the sublayers out again; a new frame, the siblings a constraint layout places
        // relative to this one.
        if path.key == .bounds { setNeedsLayout() }
        if [PropertyChange.bounds, .placement].contains(path.key.change), let parent = superlayer, parent.layoutManager != nil {
            parent.setNeedsLayout()
        }
        if path.key.descriptor.isAnimatable { runAction(forKey: path.key.name) }
    }

    /// `setValue(_:forKeyPath:)` with Core Animation's key paths (`opacity`, `position.x`,
    /// `transform.rotation.z`); the value's type must be the key path's, except that a keyword
    /// property takes its choice's name as Core Animation's do (`"both"` for `fillMode`).
    public func setValue(_ value: any AnimatableValue, forKeyPath keyPath: String) throws(LaminaError) {
        let path: LayerKeyPath
        do { path = try LayerKeyPath(keyPath) } catch { throw .invalidOperation("\(error)") }
        var v: PropertyValue
        do { v = try path.unnamed(value.propertyValue) } catch { throw .invalidOperation("\(error)") }
        if path.valueType == .number, case .number = v {} else if path.valueType == .number, let b = value as? Int {
            v = .number(Double(b))
        }
        guard v.type == path.valueType else {
            throw .invalidOperation("\(keyPath) takes a \(path.valueType), not a \(v.type)")
        }
        if let bitmap = value as? Bitmap { Session.shared.use(bitmap) }
        setValue(v, at: path)
        if path.key == .contents {
            contentsBitmap = value as? Bitmap
            contentsDrawn = false
        }
    }

    /// The value at a Core Animation key path; a keyword property's choice reads back as its name
    /// (`.string("removed")` for `fillMode` on a new layer), as Core Animation's string keywords do.
    public func value(forKeyPath keyPath: String) throws(LaminaError) -> PropertyValue {
        let path: LayerKeyPath
        do { path = try LayerKeyPath(keyPath) } catch { throw .invalidOperation("\(error)") }
        return path.named(path.read(from: values.value(path.key)))
    }

    /// Core Animation's default for a key or key path (`CALayer.defaultValue(forKey:)`), or nil for keys
    /// that are not layer properties; a keyword property's by its choice's name.
    public class func defaultValue(forKey key: String) -> PropertyValue? {
        try? LayerProperties.defaultValue(forKey: key)
    }

    /// The Core Animation key path of a typed key path (`\.position.x` is `position.x`).
    public static func keyPathName(_ keyPath: AnyKeyPath) -> String? {
        keyPathNames[keyPath]
    }

    /// The frame in the superlayer's coordinates, from bounds, position, anchor point and transform.
    /// Setting it sets `position` and `bounds.size` (each with its action).
    public var frame: Rect {
        get { values.frame }
        set {
            var v = values
            v.setFrame(newValue)
            position = v[.position]
            bounds = v[.bounds]
        }
    }

    // MARK: Actions

    /// The action for `key`: the delegate's, then `actions`, then the style's, then
    /// `defaultAction(forKey:)` (`CALayer.action(forKey:)`).
    open func action(forKey key: String) -> (any Action)? {
        if let action = delegate?.action(for: self, forKey: key) { return action is NullAction ? nil : action }
        if let action = actions[key] { return action is NullAction ? nil : action }
        var style = self.style
        while let s = style {
            if let action = (s["actions"] as? [String: any Action])?[key] { return action is NullAction ? nil : action }
            style = s["style"] as? [String: Any]
        }
        return Self.defaultAction(forKey: key)
    }

    /// The implicit animation of an animatable property: a basic animation from the presentation value
    /// to the new value, for the transaction's duration and curve (`TimingFunction.default` if none);
    /// for `contents`, a cross-fade (a `fade` transition). LaminaCore's `Actions.defaultAction` (the
    /// scene player's rule too) makes it.
    open class func defaultAction(forKey key: String) -> (any Action)? {
        guard let rule = Actions.defaultAction(forKey: key, settings: Session.shared.stack.settings) else { return nil }
        let animation: Animation
        switch rule.kind {
        case .transition(let t):
            let transition = Transition()
            transition.type = t.type
            transition.subtype = t.subtype
            transition.startProgress = t.startProgress
            transition.endProgress = t.endProgress
            animation = transition
        default:
            animation = BasicAnimation(keyPath: key)
        }
        animation.duration = rule.timing.duration
        animation.timingFunction = rule.timingFunction
        return animation
    }

    /// Runs the action for a changed property: only for layers already committed, and not while the
    /// transaction disables actions (the lookup still happens: the delegate is asked either way).
    private func runAction(forKey key: String) {
        guard Session.shared.isCommitted(handle) else { return }
        let action = action(forKey: key)
        guard !Transaction.disableActions, let action else { return }
        action.run(forKey: key, on: self)
    }

    private func applyStyle() {
        var defaults: [String: Any] = [:]
        var style = self.style
        while let s = style {
            for (k, v) in s where defaults[k] == nil { defaults[k] = v }
            style = s["style"] as? [String: Any]
        }
        for (name, value) in defaults {
            guard let key = PropertyKey(name: name), !explicitlySet.contains(key),
                let value = (value as? any AnimatableValue)?.propertyValue, value.type == key.descriptor.type
            else { continue }
            let wasSet = explicitlySet
            Transaction.perform {
                Transaction.disableActions = true
                setValue(value, at: LayerKeyPath(key))
            }
            explicitlySet = wasSet
        }
    }

    // MARK: Presentation

    /// What is on screen now (`presentation()`): the values the daemon shows at this moment, evaluated
    /// here from the commits the daemon has applied and their commit times — no round trip, and it
    /// never waits for the daemon (acknowledgements already arrived are read first). Its `superlayer`,
    /// `sublayers` and `hitTest(_:)` are the presentation tree's, at the same moment. Nil before the
    /// layer's first commit was applied, and for layers with no connection.
    public func presentation() -> Layer? {
        guard snapshot == nil else { return self }
        return presentation(atMediaTime: currentMediaTime())
    }

    /// The presentation copy at daemon media time `time` (for comparing with the daemon's query).
    public func presentation(atMediaTime time: Double) -> Layer? {
        guard snapshot == nil, let values = Session.shared.connection?.presentationValues(of: handle, at: time) else {
            return nil
        }
        return Layer(presentationOf: self, values: values, at: time)
    }

    /// The model layer (`model()`): itself, or the layer a presentation copy was made from.
    public func model() -> Layer { modelLayer ?? self }

    // MARK: Display

    /// Lays out the sublayers: the delegate's `layoutSublayers(of:)`, whose default asks the
    /// `layoutManager`; with no delegate, the `layoutManager`. Subclasses override it to lay out
    /// themselves (`CALayer.layoutSublayers()`).
    open func layoutSublayers() {
        if let delegate { delegate.layoutSublayers(of: self) } else { layoutManager?.layoutSublayers(of: self) }
    }

    /// Makes the contents: the delegate's `display(_:)`, whose default draws them (`drawContents()`).
    /// Subclasses may override it to set `contents` themselves.
    open func display() {
        wantsDisplay = false
        if let delegate { delegate.display(self) } else { drawContents() }
    }

    /// Draws the contents; the default asks the delegate. Subclasses override it to draw themselves.
    open func draw(in context: DrawingContext) {
        delegate?.draw(self, in: context)
    }

    // MARK: Hierarchy (objects)

    /// Re-reads the sublayer objects' order from the model tree after an edit.
    func syncChildren() {
        guard let handle else { return }
        setNeedsLayout()
        let objects = Session.shared.sublayerObjects(of: handle)
        for child in children where !objects.contains(where: { $0 === child }) && child.parent === self {
            child.parent = nil
        }
        children = objects
        for child in children { child.parent = self }
    }

    /// Brings the object's sublayers, superlayer and mask back in line with the model tree (after a
    /// refused commit was rolled back).
    func syncWithModel() {
        syncChildren()
        guard let handle else { return }
        let session = Session.shared
        if let id = session.layerID(handle), let mask = (try? session.model.mask(of: id)) ?? nil,
            let maskHandle = session.handles.handles[mask]
        {
            maskLayer = session.layer(maskHandle)
        } else {
            maskLayer = nil
        }
        if let parent, let parentHandle = parent.handle, let id = session.layerID(handle), let parentID = session.layerID(parentHandle),
            (try? session.model.superlayer(of: id)) ?? nil == parentID
        {
            return
        }
        if let id = session.layerID(handle), let superlayer = (try? session.model.superlayer(of: id)) ?? nil,
            let superHandle = session.handles.handles[superlayer]
        {
            parent = session.layer(superHandle)
        } else {
            parent = nil
        }
    }

    var childObjects: [Layer] { children }
    var parentObject: Layer? {
        get { parent }
        set { parent = newValue }
    }
    var maskObject: Layer? {
        get { maskLayer }
        set { maskLayer = newValue }
    }
    var maskOwnerObject: Layer? {
        get { maskOwner }
        set { maskOwner = newValue }
    }
    var wantsDisplay: Bool {
        get { displayRequested }
        set { displayRequested = newValue }
    }
}
