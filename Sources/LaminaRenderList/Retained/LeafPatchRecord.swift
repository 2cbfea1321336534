import LaminaCore

/// What the leaf patch reads of a kept leaf's parts and placement (`LayerParts`, `LeafPlacement`),
/// packed into one record of 128 bytes that `LayerPartsTable` keeps beside them and brings up to date
/// with them.
///
/// A hundred thousand turning leaves are patched every frame, and with two threads the patch waits on
/// memory, not on its arithmetic: read from the parts and the placement, the few fields it needs lay
/// across five or six cache lines a leaf (the parts are some 500 bytes, the placement 224), where
/// this record is two or three. It holds only copies: the parts and placement stay what the builder
/// reads, and the patch still reads them for what is rare (a contents quad that lands on whole
/// pixels, an animated border colour, reshaped quads).
struct LeafPatchRecord {
    /// The kept parts' premultiplied background and border colours; zero where `flags` says there is
    /// none.
    var background: SIMD4<Float>
    var borderColor: SIMD4<Float>
    /// The model's bounds, the parts' and the placement's (kept parts are the model's; animated bounds
    /// are laid over a copy).
    var bounds: Rect
    var position: Point
    var anchorPoint: Point
    var anchorPointZ: Double
    var zPosition: Double
    var opacity: Double
    /// The contents' `minificationFilterBias` and filters (`LayerParts.Contents`).
    var lodBias: Float
    var minification: ContentsFilter
    var magnification: ContentsFilter
    var flags: Flags

    struct Flags: OptionSet {
        let rawValue: UInt8
        /// Drawn the way a patch can write: the parts plain (`LayerParts.isPlain`), their edges not
        /// anti-aliased, and the layer not hidden.
        static let patchable = Flags(rawValue: 1 << 0)
        /// `LayerParts.boundsLaidOver`.
        static let boundsLaidOver = Flags(rawValue: 1 << 1)
        static let hasBackground = Flags(rawValue: 1 << 2)
        static let hasBorder = Flags(rawValue: 1 << 3)
        static let hasContents = Flags(rawValue: 1 << 4)
        /// The contents were laid out as one quad (`LayerParts.Contents.piece`).
        static let hasOnePiece = Flags(rawValue: 1 << 5)
        static let allowsGroupOpacity = Flags(rawValue: 1 << 6)
        static let isDoubleSided = Flags(rawValue: 1 << 7)
    }

    init(_ parts: borrowing LayerParts, _ placement: borrowing LeafPlacement) {
        background = parts.background ?? .zero
        borderColor = parts.border?.color ?? .zero
        bounds = parts.bounds
        (position, anchorPoint, anchorPointZ) = (placement.position, placement.anchorPoint, placement.anchorPointZ)
        (zPosition, opacity) = (placement.zPosition, placement.opacity)
        let contents = parts.someContents
        (lodBias, minification, magnification) = (contents.lodBias, contents.minification, contents.magnification)
        flags = []
        if parts.isPlain, !parts.antialiasesEdges, !placement.isHidden { flags.insert(.patchable) }
        if parts.boundsLaidOver { flags.insert(.boundsLaidOver) }
        if parts.background != nil { flags.insert(.hasBackground) }
        if parts.border != nil { flags.insert(.hasBorder) }
        if parts.hasContents { flags.insert(.hasContents) }
        if contents.piece != nil { flags.insert(.hasOnePiece) }
        if parts.allowsGroupOpacity { flags.insert(.allowsGroupOpacity) }
        if parts.isDoubleSided { flags.insert(.isDoubleSided) }
    }
}
