public import LaminaCore

// Operations of a commit: a tag byte, the layer handle, then the operation's fields
// (`docs/protocol.md`, "Operations").

extension WireWriter {
    /// Appends one operation.
    public mutating func operation(_ op: LayerOperation) {
        switch op {
        case .create(let h, let name, let kind):
            u8(0); u64(h.rawValue); optional(name) { $0.string($1) }; u8(kind.rawValue)
        case .destroy(let h):
            u8(1); u64(h.rawValue)
        case .set(let h, let path, let v):
            u8(2); u64(h.rawValue); keyPath(path); value(v)
        case .insertSublayer(let h, let parent, let index):
            u8(3); u64(h.rawValue); optional(parent) { $0.u64($1.rawValue) }; optional(index) { $0.u32(UInt32(exactly: $1) ?? .max) }  // out of u32's range: out of any parent's
        case .removeFromSuperlayer(let h):
            u8(4); u64(h.rawValue)
        case .setMask(let h, let mask):
            u8(5); u64(h.rawValue); optional(mask) { $0.u64($1.rawValue) }
        case .addAnimation(let h, let a, let key):
            u8(6); u64(h.rawValue); optional(key) { $0.string($1) }; animation(a)
        case .removeAnimation(let h, let key):
            u8(7); u64(h.rawValue); string(key)
        case .removeAllAnimations(let h):
            u8(8); u64(h.rawValue)
        case .setName(let h, let name):
            u8(9); u64(h.rawValue); optional(name) { $0.string($1) }
        }
    }
}

extension WireReader {
    /// Reads one operation.
    public mutating func operation() throws(WireError) -> LayerOperation {
        let start = offset
        let tag = try u8("an operation tag")
        guard tag <= 9 else { throw WireError(offset: start, "unknown operation \(tag) (0...9)") }
        let handle = LayerHandle(try u64("a layer handle"))
        switch tag {
        case 0:
            let name = try optional("a layer name") { (r: inout WireReader) throws(WireError) in try r.string("a layer name") }
            let kindOffset = offset
            let kindNumber = try u8("a layer kind")
            guard let kind = LayerKind(rawValue: kindNumber) else {
                let known = LayerKind.allCases.map { "\($0.rawValue) \($0)" }.joined(separator: ", ")
                throw WireError(offset: kindOffset, "unknown layer kind \(kindNumber) (\(known))")
            }
            return .create(handle, name: name, kind: kind)
        case 1: return .destroy(handle)
        case 2:
            let path = try keyPath()
            let infinityAllowed = path.component == nil && path.key.descriptor.domain.allowsInfinity
            return .set(handle, path, try value(of: path.valueType, infinityAllowed: infinityAllowed))
        case 3:
            let parent = try optional("a superlayer") { (r: inout WireReader) throws(WireError) in LayerHandle(try r.u64("a layer handle")) }
            let index = try optional("an index") { (r: inout WireReader) throws(WireError) in Int(try r.u32("a sublayer index")) }
            return .insertSublayer(handle, into: parent, at: index)
        case 4: return .removeFromSuperlayer(handle)
        case 5: return .setMask(handle, mask: try optional("a mask") { (r: inout WireReader) throws(WireError) in LayerHandle(try r.u64("a layer handle")) })
        case 6:
            let key = try optional("an animation key") { (r: inout WireReader) throws(WireError) in try r.string("an animation key") }
            return .addAnimation(handle, try animation(), key: key)
        case 7: return .removeAnimation(handle, key: try string("an animation key"))
        case 8: return .removeAllAnimations(handle)
        default: return .setName(handle, name: try optional("a layer name") { (r: inout WireReader) throws(WireError) in try r.string("a layer name") })
        }
    }
}
