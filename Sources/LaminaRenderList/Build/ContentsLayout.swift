public import LaminaCore

/// Where a layer's contents land in its bounds: `contentsRect`, `contentsGravity`, `contentsScale` and
/// `contentsCenter` turned into quads with texture coordinates. Pure geometry, so it is tested without
/// a GPU.
///
/// The visible part of the image is `contentsRect` (unit coordinates, origin at the image's top-left);
/// its size in points is its pixel size divided by `contentsScale`. The gravity places that size in the
/// bounds (the `resize` family scales it; the others align it to a visual edge or corner and may
/// overflow). With a resizing gravity, `contentsCenter` then splits it into a 3x3 grid whose corners
/// keep their size, whose edges stretch along one axis and whose centre stretches both ways; when the
/// corners do not fit they shrink in proportion, as Core Animation's do.
public struct ContentsLayout: Hashable, Sendable {
    /// One quad of contents: where it lands in the layer's space and the texture coordinates at its
    /// top-left and bottom-right corners.
    public struct Piece: Hashable, Sendable {
        /// The quad in the layer's own space (points).
        public var rect: Rect
        /// u0, v0, u1, v1 (v = 0 at the image's top row).
        public var uv: SIMD4<Double>
    }

    /// The quads, at most nine, none empty.
    public private(set) var pieces: [Piece] = []

    /// Lays out an image of `pixelWidth` x `pixelHeight` in a layer with `values`.
    public init(pixelWidth: Int, pixelHeight: Int, values: PropertyValues) {
        self.init(
            pixelWidth: pixelWidth, pixelHeight: pixelHeight, bounds: values[.bounds],
            contentsRect: values[.contentsRect], contentsCenter: values[.contentsCenter],
            gravity: values[.contentsGravity], scale: values[.contentsScale])
    }

    /// Lays out an image of `pixelWidth` x `pixelHeight` in `bounds`.
    public init(
        pixelWidth: Int, pixelHeight: Int, bounds: Rect, contentsRect: Rect, contentsCenter: Rect,
        gravity: ContentsGravity, scale: Double
    ) {
        var pieces: [Piece] = []
        Self.forEachPiece(
            pixelWidth: pixelWidth, pixelHeight: pixelHeight, bounds: bounds, contentsRect: contentsRect,
            contentsCenter: contentsCenter, gravity: gravity, scale: scale
        ) { pieces.append($0) }
        self.pieces = pieces
    }

    /// Calls `body` with each piece of the layout, in row order, without building an array: the
    /// renderer lays out every layer's contents every frame.
    public static func forEachPiece(
        pixelWidth: Int, pixelHeight: Int, bounds: Rect, contentsRect: Rect, contentsCenter: Rect,
        gravity: ContentsGravity, scale: Double, _ body: (Piece) -> Void
    ) {
        let scale = scale > 0 && scale.isFinite ? scale : 1
        let imageWidth = Double(pixelWidth) * contentsRect.width / scale
        let imageHeight = Double(pixelHeight) * contentsRect.height / scale
        guard imageWidth > 0, imageHeight > 0, bounds.width > 0, bounds.height > 0 else { return }
        let destination = Self.place(width: imageWidth, height: imageHeight, in: bounds, gravity: gravity)
        let uv = SIMD4(contentsRect.minX, contentsRect.minY, contentsRect.maxX, contentsRect.maxY)
        let center = contentsCenter
        let isWhole = center.minX <= 0 && center.minY <= 0 && center.maxX >= 1 && center.maxY >= 1
        guard gravity.isResizing, !isWhole else {
            body(Piece(rect: destination, uv: uv))
            return
        }
        // Column and row edges in the destination and in texture space.
        let xs = Self.split(
            start: destination.minX, length: destination.width, before: center.minX * imageWidth,
            after: (1 - center.maxX) * imageWidth)
        let ys = Self.split(
            start: destination.minY, length: destination.height, before: center.minY * imageHeight,
            after: (1 - center.maxY) * imageHeight)
        let us = [uv.x, uv.x + center.minX * (uv.z - uv.x), uv.x + center.maxX * (uv.z - uv.x), uv.z]
        let vs = [uv.y, uv.y + center.minY * (uv.w - uv.y), uv.y + center.maxY * (uv.w - uv.y), uv.w]
        for row in 0..<3 {
            for column in 0..<3 {
                let rect = Rect(x: xs[column], y: ys[row], width: xs[column + 1] - xs[column], height: ys[row + 1] - ys[row])
                guard rect.width > 0, rect.height > 0 else { continue }
                body(Piece(rect: rect, uv: SIMD4(us[column], vs[row], us[column + 1], vs[row + 1])))
            }
        }
    }

    /// The destination of an image of `width` x `height` points under `gravity` in `bounds`.
    static func place(width: Double, height: Double, in bounds: Rect, gravity: ContentsGravity) -> Rect {
        var w = width
        var h = height
        switch gravity {
        case .resize:
            return bounds
        case .resizeAspect, .resizeAspectFill:
            let sx = bounds.width / width
            let sy = bounds.height / height
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            w = width * s
            h = height * s
        default:
            break
        }
        let x: Double =
            switch gravity {
            case .left, .topLeft, .bottomLeft: bounds.minX
            case .right, .topRight, .bottomRight: bounds.maxX - w
            default: bounds.midX - w / 2
            }
        let y: Double =
            switch gravity {
            case .top, .topLeft, .topRight: bounds.minY
            case .bottom, .bottomLeft, .bottomRight: bounds.maxY - h
            default: bounds.midY - h / 2
            }
        return Rect(x: x, y: y, width: w, height: h)
    }

    /// Four edges along one axis: fixed `before` and `after` parts (shrunk in proportion when they
    /// do not fit) around a stretched middle.
    private static func split(start: Double, length: Double, before: Double, after: Double) -> [Double] {
        var before = max(0, before)
        var after = max(0, after)
        if before + after > length, before + after > 0 {
            let k = length / (before + after)
            before *= k
            after *= k
        }
        return [start, start + before, start + length - after, start + length]
    }
}
