/// What kind of layer a layer is: Core Animation's `CALayer` subclasses that draw something of their
/// own. A layer's kind is fixed when it is made (the wire's `create` carries it, a scene file's
/// `"type"` names it), and decides which properties beyond the common ones it has.
///
/// The raw values are the kinds' numbers on the wire, fixed for ever; the names are the scene format's
/// `"type"` values.
public enum LayerKind: UInt8, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `CALayer`.
    case layer = 0
    /// `CAShapeLayer`: a path, filled and stroked by the compositor.
    case shape = 1
    /// `CAGradientLayer`: colours blended across the bounds in the shader.
    case gradient = 2
    /// `CATextLayer`: a string laid out and shaped by Pango.
    case text = 3
    /// `CAReplicatorLayer`: its sublayers drawn many times, each copy transformed, tinted and delayed
    /// further than the last.
    case replicator = 4
    /// `CAScrollLayer`: a layer whose bounds' origin scrolls its sublayers.
    case scroll = 5
    /// `CATransformLayer`: its sublayers share one 3D space instead of being flattened into its plane,
    /// and hide each other by depth.
    case transform = 6
    /// `CAEmitterLayer`: particles the compositor makes from the layer's cells, a function of time.
    case emitter = 7
    /// `CATiledLayer`: content the app draws on demand, tile by tile, at the levels of detail the
    /// compositor asks for as the layer is shown larger or smaller.
    case tiled = 8
    /// `CAEAGLLayer`: frames an app renders with OpenGL ES into a swap chain of drawables, shown as the
    /// layer's contents (the client library's `GLLayer`, in its own `LaminaGL` product). Only a client
    /// draws one: scene files refuse it.
    case gl = 9

    /// The scene format's name (`"type": "shape"`).
    public var description: String {
        switch self {
        case .layer: "layer"
        case .shape: "shape"
        case .gradient: "gradient"
        case .text: "text"
        case .replicator: "replicator"
        case .scroll: "scroll"
        case .transform: "transform"
        case .emitter: "emitter"
        case .tiled: "tiled"
        case .gl: "gl"
        }
    }

    /// The protocol version that added the kind (0: every served version has it). A session of an
    /// older version is refused it, as its daemon would have refused a kind it did not know.
    public var introducedIn: UInt32 {
        switch self {
        case .layer, .shape, .gradient, .text, .replicator, .scroll, .transform, .emitter: 0
        case .tiled: 10
        case .gl: 11
        }
    }

    /// The kind named `name` in scene files, or nil.
    public init?(name: some StringProtocol) {
        guard let kind = Self.allCases.first(where: { $0.description == name }) else { return nil }
        self = kind
    }
}

/// A set of layer kinds: the kinds a property belongs to (`PropertyDescriptor.kinds`). A bit per
/// `LayerKind.rawValue`, so the check on every write is one AND.
public struct LayerKinds: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The set holding one kind.
    public init(_ kind: LayerKind) { rawValue = 1 << UInt16(kind.rawValue) }

    /// Every kind: the properties of `CALayer` itself, which every subclass inherits.
    public static let all = LayerKinds(rawValue: UInt16.max)

    /// Whether `kind` is in the set.
    @inlinable
    public func contains(_ kind: LayerKind) -> Bool { rawValue & (1 << UInt16(kind.rawValue)) != 0 }
}
