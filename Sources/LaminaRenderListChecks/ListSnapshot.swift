package import LaminaCore
package import LaminaRenderList

/// A render list as plain values, for comparing two lists and two frames: every instance with the
/// texture it samples and the program variant that draws it, the commands other than draws in order
/// (draws merged into ranges, since two lists may split the same instances into runs differently), the
/// groups and the backdrops. Textures are named by handle, so two lists that bind the same textures
/// compare equal.
package struct ListSnapshot: Equatable {
    /// What samples a texture: nothing, a bitmap, a cache, a generated texture (with filters).
    package enum Binding: Hashable, CustomStringConvertible {
        case none
        case bitmap(TextureHandle, minification: ContentsFilter, magnification: ContentsFilter)
        case cache(TextureHandle, minification: ContentsFilter, magnification: ContentsFilter)
        case generated(TextureHandle)

        init(_ binding: TextureBinding) {
            switch binding {
            case .none: self = .none
            case .bitmap(let t, let s): self = .bitmap(t.handle, minification: s.minification, magnification: s.magnification)
            case .cache(let c, let s): self = .cache(c.handle, minification: s.minification, magnification: s.magnification)
            case .generated(let g): self = .generated(g.handle)
            }
        }

        /// The texture, if any.
        package var handle: TextureHandle? {
            switch self {
            case .none: nil
            case .bitmap(let h, _, _), .cache(let h, _, _), .generated(let h): h
            }
        }

        package var description: String {
            switch self {
            case .none: "none"
            case .bitmap(let h, let mi, let ma): "bitmap \(h) (\(mi), \(ma))"
            case .cache(let h, let mi, let ma): "cache \(h) (\(mi), \(ma))"
            case .generated(let h): "generated \(h)"
            }
        }
    }

    /// One instance.
    package struct Entry: Equatable {
        /// The instance as drawn (collapsed ones with their quad emptied).
        package var drawn: LayerInstance
        /// The instance before occlusion culling collapsed it (the same as `drawn` when it did not).
        package var whole: LayerInstance
        /// What it samples (`none` for an instance that samples nothing, whatever its run binds).
        package var binding: Binding
        /// The variant drawing it; nil outside any draw (a composite, a stencil shape, a backdrop).
        package var variant: DrawVariant?
        /// The groups it is drawn inside, outermost first (a mask's instances count as inside their
        /// group).
        package var groups: [Int]
        /// Whether anything draws it: a run, a group's composite, a clip's stencil shape, a backdrop.
        /// (A layer that clips keeps a stencil shape for clips nested inside it, which nothing uses
        /// while none is: its bytes draw nothing, and may lag.)
        package var isUsed = false

        /// Instances compare bit for bit: a NaN that reached one is the same NaN in the other.
        package static func == (a: Entry, b: Entry) -> Bool {
            sameBits(a.drawn, b.drawn) && sameBits(a.whole, b.whole) && a.binding == b.binding && a.variant == b.variant
                && a.groups == b.groups && a.isUsed == b.isUsed
        }
    }

    /// Whether two instances hold the same bytes.
    package static func sameBits(_ a: LayerInstance, _ b: LayerInstance) -> Bool {
        withUnsafeBytes(of: a) { x in withUnsafeBytes(of: b) { y in x.elementsEqual(y) } }
    }

    /// A command other than a draw, or a range of drawn instances.
    package enum Token: Hashable {
        case instances(Range<Int>)
        case pushClip(ClipWrite)
        case popClip
        case beginGroup(Int)
        case beginMask(Int)
        case endGroup(Int)
        case backdrop(Int)
        case beginDepth
        case endDepth
        case beginAdditive
        case endAdditive
    }

    /// A group, without the bounds its content covers (an update may leave them wider than a fresh
    /// build finds them: `RenderList.extendGroups`).
    package struct Group: Equatable {
        package var layer: LayerID
        package var composite: Int
        package var parent: Int
        package var hasMask: Bool
        package var blendMode: BlendMode
        package var filters: [FilterPass]
        package var shadow: (composite: Int, sigma: Double)?
        package var transition: (progress: TransitionProgress, old: Int)?
        package var bounds: PixelRegion?

        package static func == (a: Group, b: Group) -> Bool {
            a.layer == b.layer && a.composite == b.composite && a.parent == b.parent && a.hasMask == b.hasMask
                && a.blendMode == b.blendMode && a.filters == b.filters && a.shadow?.composite == b.shadow?.composite
                && a.shadow?.sigma == b.shadow?.sigma && a.transition?.progress == b.transition?.progress
                && a.transition?.old == b.transition?.old
        }
    }

    /// A backdrop.
    package struct Backdrop: Equatable {
        package var layer: LayerID
        package var passes: [FilterPass]
        package var plain: Range<Int>
        package var shaped: Range<Int>
        package var region: PixelRegion?
    }

    package var entries: [Entry]
    package var tokens: [Token]
    package var groups: [Group]
    package var backdrops: [Backdrop]
    /// The caches the list shows, by handle.
    package var caches: [TextureHandle: CachedSubtree]

    package static func == (a: ListSnapshot, b: ListSnapshot) -> Bool {
        a.entries == b.entries && a.tokens == b.tokens && a.groups == b.groups && a.backdrops == b.backdrops
    }

    /// The snapshot of `list`.
    package init(_ list: RenderList) {
        var entries = list.instances.indices.map { index -> Entry in
            var whole = list.instances[index]
            if let rect = list.collapsedRects[index] { whole.rect = rect }
            return Entry(drawn: list.instances[index], whole: whole, binding: .none, variant: nil, groups: [])
        }
        var tokens: [Token] = []
        var groupStack: [Int] = []
        var caches: [TextureHandle: CachedSubtree] = [:]
        for command in list.commands {
            switch command {
            case .draw(let first, let count, let binding, let variant, _):
                if case .cache(let entry, _) = binding { caches[entry.handle] = entry }
                for index in first..<(first + count) {
                    let samples = list.instances[index][.textureMode] != LayerInstance.TextureMode.none.rawValue
                    entries[index].binding = samples ? Binding(binding) : .none
                    entries[index].variant = variant
                    entries[index].groups = groupStack
                    entries[index].isUsed = true
                }
                if case .instances(let range) = tokens.last, range.upperBound == first {
                    tokens[tokens.count - 1] = .instances(range.lowerBound..<(first + count))
                } else {
                    tokens.append(.instances(first..<(first + count)))
                }
            case .pushClip(let write):
                tokens.append(.pushClip(write))
                if case .stencil(let index) = write {
                    entries[index].groups = groupStack
                    entries[index].isUsed = true
                }
            case .popClip: tokens.append(.popClip)
            case .beginGroup(let g):
                tokens.append(.beginGroup(g))
                groupStack.append(g)
            case .beginMask(let g): tokens.append(.beginMask(g))
            case .endGroup(let g):
                tokens.append(.endGroup(g))
                groupStack.removeLast()
                // The group's composites draw where the group began.
                let group = list.groups[g]
                for index in [group.composite, group.shadow?.composite, group.transition?.old].compactMap({ $0 }) {
                    entries[index].groups = groupStack
                    entries[index].isUsed = true
                }
            case .backdrop(let b):
                tokens.append(.backdrop(b))
                for index in Array(list.backdrops[b].plain) + Array(list.backdrops[b].shaped) {
                    entries[index].groups = groupStack
                    entries[index].isUsed = true
                }
            case .beginDepth: tokens.append(.beginDepth)
            case .endDepth: tokens.append(.endDepth)
            case .beginAdditive: tokens.append(.beginAdditive)
            case .endAdditive: tokens.append(.endAdditive)
            }
        }
        self.entries = entries
        self.tokens = tokens
        self.groups = list.groups.map {
            Group(
                layer: $0.layer, composite: $0.composite, parent: $0.parent, hasMask: $0.hasMask, blendMode: $0.blendMode,
                filters: $0.filters, shadow: $0.shadow.map { ($0.composite, $0.sigma) },
                transition: $0.transition.map { ($0.progress, $0.old) }, bounds: $0.bounds)
        }
        self.backdrops = list.backdrops.map {
            Backdrop(layer: $0.layer, passes: $0.passes, plain: $0.plain, shaped: $0.shaped, region: $0.region)
        }
        self.caches = caches
    }
}
