import LaminaCore

/// One client's names for things in the compositor: its layer handles and bitmap identities, mapped
/// to the compositor's tree and texture cache. A client reaches nothing that is not in here.
struct Namespace: Sendable {
    /// The client's layers.
    var layers: [LayerHandle: LayerID] = [:]
    /// The way back, for events and error messages.
    var handles: [LayerID: LayerHandle] = [:]
    /// The client's bitmaps: its identity to the compositor's.
    var bitmaps: [BitmapID: BitmapID] = [:]
    /// What the client may hold.
    var limits = LayerStore.Limits()

    /// The layer of a handle, or the typed reason it has none.
    func layer(_ handle: LayerHandle) throws(TransactionError.Reason) -> LayerID {
        guard let id = layers[handle] else { throw .unknownLayer(handle) }
        return id
    }

    mutating func bind(_ handle: LayerHandle, to id: LayerID) {
        layers[handle] = id
        handles[id] = handle
    }

    mutating func unbind(_ handle: LayerHandle) {
        if let id = layers.removeValue(forKey: handle) { handles[id] = nil }
    }

    /// A tree error told with the client's handles instead of the compositor's layer ids.
    func describe(_ error: LayerTreeError) -> String {
        func name(_ id: LayerID) -> String { handles[id].map(String.init(describing:)) ?? "the canvas root" }
        return switch error {
        case .unknownLayer(let id): "unknown layer \(name(id))"
        case .cycle(let layer, let descendant):
            "\(name(layer)) cannot go under \(name(descendant)), which is already below it (that would make a cycle)"
        case .indexOutOfRange(let index, let count, let parent):
            "index \(index) is outside 0...\(count) for the sublayers of \(name(parent))"
        case .notASublayer(let sibling, let parent): "\(name(sibling)) is not a sublayer of \(name(parent))"
        case .layerIsMask(let layer, let owner): "\(name(layer)) is the mask of \(name(owner))"
        case .maskHasSuperlayer(let mask, let superlayer):
            "mask \(name(mask)) already has the superlayer \(name(superlayer))"
        case .property(_, let error): "\(error)"
        case .animation(_, let error): "\(error)"
        }
    }
}

extension Namespace {
    /// `animation` with every bitmap it names (animations of `contents`) turned from the client's id
    /// into the compositor's, so an animation can show only the client's own bitmaps.
    func mappingBitmaps(in animation: Animation) throws(TransactionError.Reason) -> Animation {
        func map(_ value: PropertyValue?) throws(TransactionError.Reason) -> PropertyValue? {
            guard case .bitmap(let id?)? = value else { return value }
            guard let mapped = bitmaps[id] else { throw .unknownBitmap(id) }
            return .bitmap(mapped)
        }
        func map(_ b: BasicAnimation) throws(TransactionError.Reason) -> BasicAnimation {
            var b = b
            b.fromValue = try map(b.fromValue)
            b.toValue = try map(b.toValue)
            b.byValue = try map(b.byValue)
            return b
        }
        var result = animation
        switch animation.kind {
        case .basic(let b):
            result.kind = .basic(try map(b))
        case .spring(var s):
            s.basic = try map(s.basic)
            result.kind = .spring(s)
        case .keyframe(var k):
            var values: [PropertyValue] = []
            for v in k.values { values.append(try map(v)!) }
            k.values = values
            result.kind = .keyframe(k)
        case .group(let children):
            var mapped: [Animation] = []
            for child in children { mapped.append(try mappingBitmaps(in: child)) }
            result.kind = .group(mapped)
        case .transition:
            break
        }
        return result
    }
}
