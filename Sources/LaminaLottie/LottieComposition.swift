public import LaminaCore
public import LaminaImage

/// A Lottie file compiled into a layer tree: the operations that build it under one root layer, with
/// its animations added, played by layer time alone. Compiled once; nothing runs per frame outside the
/// compositor.
///
/// The root's local time is the file's time in seconds from its in-point (`ip`): time `T` shows frame
/// `ip + T · frameRate`. The root holds the last frame (`op`) from `duration` on, so a player loops or
/// scrubs it with the root's `speed`, `timeOffset`, `beginTime` and `repeatCount`, as Core Animation's
/// layer timing does.
public struct LottieComposition: Sendable {
    /// The composition's size (`w` x `h`), in points.
    public var size: Size
    /// Frames per second (`fr`).
    public var frameRate: Double
    /// The first frame (`ip`) and the frame past the last (`op`).
    public var inPoint: Double
    public var outPoint: Double
    /// `(op - ip) / fr` seconds.
    public var duration: Double { (outPoint - inPoint) / frameRate }
    /// How long the root plays: a thousandth of a frame short of `duration`, so the last frame shown is
    /// `op − 0.001` (as ThorVG shows it), with the layers that end at `op`, in precomps too.
    public var playedDuration: Double { duration - 0.001 / frameRate }
    /// The named markers, in file order.
    public var markers: [LottieMarker]
    /// The file's name for itself (`nm`), if any.
    public var name: String?

    /// The root layer: a plain layer with the composition's bounds at the origin, not yet in any tree.
    /// Its layer timing plays the file: `duration` (the file's), `fillMode` both, and whatever a player
    /// sets (`speed`, `beginTime`, `timeOffset`, `repeatCount`, `autoreverses`).
    public var root: LayerHandle
    /// The layer under the root whose `timeOffset` (ip / fr) makes the root's time 0 the in-point: a
    /// player that starts elsewhere adds the start to it.
    public var timeOrigin: LayerHandle
    /// The operations that create the root and everything under it, in order.
    public var operations: [LayerOperation]
    /// The JSON path each operation came from, for errors found when applying them.
    public var operationPaths: [String]
    /// Every layer's name made unique (a repeated `nm` gets " 2", " 3", ...; unnamed layers are
    /// "layer"), in the order the layers were made: what `lamina probe` reports them by.
    public var layerNames: [(name: String, handle: LayerHandle)]
    /// Layers created (the root included) and animations added.
    public var layerCount: Int
    public var animationCount: Int
    /// What plays differently from After Effects, as the importer met it.
    public var diagnostics: [LottieDiagnostic]
    /// The images the operations show (`contents` values name them), decoded, straight alpha.
    public var images: [(id: BitmapID, image: RGBAImage)] = []
}

extension LottieComposition {
    /// The same composition with its layers numbered from `first` (a client's next free handle).
    public func numbered(from first: UInt64) -> LottieComposition {
        guard let lowest = operations.first?.layer.rawValue, lowest != first else { return self }
        func move(_ h: LayerHandle) -> LayerHandle { LayerHandle(h.rawValue - lowest + first) }
        var moved = self
        moved.root = move(root)
        moved.timeOrigin = move(timeOrigin)
        moved.layerNames = layerNames.map { ($0.name, move($0.handle)) }
        moved.operations = operations.map { operation in
            switch operation {
            case .create(let h, let name, let kind): .create(move(h), name: name, kind: kind)
            case .destroy(let h): .destroy(move(h))
            case .set(let h, let path, let value): .set(move(h), path, value)
            case .insertSublayer(let h, let parent, let index): .insertSublayer(move(h), into: parent.map(move), at: index)
            case .removeFromSuperlayer(let h): .removeFromSuperlayer(move(h))
            case .setMask(let h, let mask): .setMask(move(h), mask: mask.map(move))
            case .addAnimation(let h, let animation, let key): .addAnimation(move(h), animation, key: key)
            case .removeAnimation(let h, let key): .removeAnimation(move(h), key: key)
            case .removeAllAnimations(let h): .removeAllAnimations(move(h))
            case .setName(let h, let name): .setName(move(h), name: name)
            }
        }
        return moved
    }
}

/// A named point or range of a Lottie file's timeline (`markers`: `cm`, `tm`, `dr`).
public struct LottieMarker: Hashable, Sendable {
    public var name: String
    /// The frame it starts at.
    public var frame: Double
    /// Its length in frames (0 for a point).
    public var durationFrames: Double
}
