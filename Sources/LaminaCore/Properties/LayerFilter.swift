/// One filter of a layer's `filters` or `backgroundFilters` (Core Animation's `CIFilter`s, by the
/// contract's five kinds), applied in order.
///
/// Colours are filtered as straight RGBA in 0...1: `colorMatrix` is CIColorMatrix's and SVG
/// feColorMatrix's 4x5 matrix, row-major (each output component is the row's four weights times R, G,
/// B, A plus its fifth number); `saturation` is feColorMatrix `saturate` (Rec. 709 luma); `brightness`
/// adds to R, G and B; `contrast` scales about 0.5. `blur` is a Gaussian of standard deviation
/// `radius / 2` points.
public struct LayerFilter: Hashable, Sendable {
    /// A name, for telling filters apart (optional).
    public var name: String?
    /// What the filter does, with its parameters.
    public var kind: Kind

    /// The filter kinds of the contract.
    public enum Kind: Hashable, Sendable {
        /// A Gaussian blur; `radius` in points (standard deviation `radius / 2`).
        case blur(radius: Double)
        /// A 4x5 colour matrix, row-major, 20 numbers.
        case colorMatrix([Double])
        /// Saturation: 0 grey, 1 unchanged.
        case saturation(Double)
        /// Added to red, green and blue.
        case brightness(Double)
        /// Contrast about 0.5: 1 unchanged.
        case contrast(Double)
    }

    /// Creates a filter, optionally named for key paths (`filters.NAME.blur`).
    public init(name: String? = nil, _ kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// Whether two lists have the same filters in the same order (names, kinds, counts of numbers), so
    /// that they interpolate number by number.
    public static func match(_ a: [LayerFilter], _ b: [LayerFilter]) -> Bool {
        guard a.count == b.count else { return false }
        for i in a.indices where a[i].name != b[i].name || a[i].kindName != b[i].kindName || a[i].numbers.count != b[i].numbers.count {
            return false
        }
        return true
    }

    /// The kind's name in scene files (`blur`, `colorMatrix`, ...).
    public var kindName: String {
        switch kind {
        case .blur: "blur"
        case .colorMatrix: "colorMatrix"
        case .saturation: "saturation"
        case .brightness: "brightness"
        case .contrast: "contrast"
        }
    }

    /// The filter's numbers, in order.
    public var numbers: [Double] {
        switch kind {
        case .blur(let r): [r]
        case .colorMatrix(let m): m
        case .saturation(let v), .brightness(let v), .contrast(let v): [v]
        }
    }

    /// The same filter with `numbers` in place of its own (the same count).
    public func with(numbers: [Double]) -> LayerFilter {
        var copy = self
        switch kind {
        case .blur: copy.kind = .blur(radius: numbers[0])
        case .colorMatrix: copy.kind = .colorMatrix(numbers)
        case .saturation: copy.kind = .saturation(numbers[0])
        case .brightness: copy.kind = .brightness(numbers[0])
        case .contrast: copy.kind = .contrast(numbers[0])
        }
        return copy
    }

    /// The 4x5 matrix that changes nothing.
    public static let identityMatrix: [Double] = [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]

    /// The colour filter as a 4x5 matrix (row-major, 20 numbers), or nil for a blur.
    public var matrix: [Double]? {
        switch kind {
        case .blur: return nil
        case .colorMatrix(let m): return m
        case .saturation(let s):
            // SVG feColorMatrix saturate, Rec. 709 weights.
            let (r, g, b) = (0.2126, 0.7152, 0.0722)
            return [
                r + (1 - r) * s, g - g * s, b - b * s, 0, 0,
                r - r * s, g + (1 - g) * s, b - b * s, 0, 0,
                r - r * s, g - g * s, b + (1 - b) * s, 0, 0,
                0, 0, 0, 1, 0,
            ]
        case .brightness(let v):
            return [1, 0, 0, 0, v, 0, 1, 0, 0, v, 0, 0, 1, 0, v, 0, 0, 0, 1, 0]
        case .contrast(let c):
            let t = 0.5 * (1 - c)
            return [c, 0, 0, 0, t, 0, c, 0, 0, t, 0, 0, c, 0, t, 0, 0, 0, 1, 0]
        }
    }
}
