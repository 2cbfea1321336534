public import LaminaCore

/// One layer in the daemon's answer to a `tree` request (`lamina tree`): the tree is sent flattened,
/// depth first, each layer after its superlayer and before its later siblings, with its depth.
public struct TreeNode: Hashable, Sendable {
    /// The connection that owns the layer (the daemon's number for it).
    public var client: UInt32
    /// The name the client gave in its `hello`.
    public var clientName: String
    /// The client's handle for the layer.
    public var handle: LayerHandle
    /// `CALayer.name`.
    public var name: String?
    /// 0 for a client's top layer; one more for each superlayer (or mask owner) below that.
    public var depth: UInt16
    /// Whether the layer is its parent's mask rather than one of its sublayers.
    public var isMask: Bool
    /// Whether the layer is drawn at all: under the canvas root, through superlayers and masks.
    public var isAttached: Bool
    /// The model frame in the superlayer's coordinates, and a few model values worth a glance.
    public var frame: Rect
    public var opacity: Double
    public var isHidden: Bool
    /// How many animations the layer has.
    public var animationCount: UInt32

    /// A node.
    public init(
        client: UInt32, clientName: String, handle: LayerHandle, name: String?, depth: UInt16, isMask: Bool,
        isAttached: Bool, frame: Rect, opacity: Double, isHidden: Bool, animationCount: UInt32
    ) {
        self.client = client
        self.clientName = clientName
        self.handle = handle
        self.name = name
        self.depth = depth
        self.isMask = isMask
        self.isAttached = isAttached
        self.frame = frame
        self.opacity = opacity
        self.isHidden = isHidden
        self.animationCount = animationCount
    }
}

extension TreeNode {
    /// The bytes this node takes on the wire (the daemon bounds a `tree` reply by it before encoding).
    public var encodedSize: Int {
        66 + clientName.utf8.count + (name.map { 4 + $0.utf8.count } ?? 0)
    }
}

extension WireWriter {
    /// A tree node.
    public mutating func treeNode(_ n: TreeNode) {
        u32(n.client); string(n.clientName); u64(n.handle.rawValue); optional(n.name) { $0.string($1) }
        u16(n.depth); bool(n.isMask); bool(n.isAttached)
        f64(n.frame.origin.x); f64(n.frame.origin.y); f64(n.frame.size.width); f64(n.frame.size.height)
        f64(n.opacity); bool(n.isHidden); u32(n.animationCount)
    }
}

extension WireReader {
    /// A tree node.
    public mutating func treeNode() throws(WireError) -> TreeNode {
        let client = try u32("a client number")
        let clientName = try string("a client name")
        let handle = LayerHandle(try u64("a layer handle"))
        let name = try optional("a layer name") { (r: inout WireReader) throws(WireError) in try r.string("a layer name") }
        let depth = try u16("a depth")
        let isMask = try bool("isMask")
        let isAttached = try bool("isAttached")
        let frame = Rect(x: try f64(), y: try f64(), width: try f64(), height: try f64())
        return TreeNode(
            client: client, clientName: clientName, handle: handle, name: name, depth: depth, isMask: isMask,
            isAttached: isAttached, frame: frame, opacity: try f64("opacity"), isHidden: try bool("hidden"),
            animationCount: try u32("an animation count"))
    }
}
