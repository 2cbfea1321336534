public import LaminaCore

/// A value that replaces one a Lottie file gives a property, in the file's own units.
public enum LottieValue: Hashable, Sendable {
    /// A fill's, stroke's or solid's colour (`Color`).
    case color(Color)
    /// Opacity in percent (`Opacity`), rotation in degrees (`Rotation`) or a stroke's width in points
    /// (`Stroke Width`).
    case number(Double)
    /// A position or anchor in points (`Position`, `Anchor Point`).
    case point(Point)
    /// A scale in percent, 100 being the drawn size (`Scale`).
    case size(Size)
    /// A gradient's colours at their locations (0...1), in order (`Colors`).
    case gradient(colors: [Color], locations: [Double])

    /// What kind of value it is, which a property must take.
    var kind: Kind {
        switch self {
        case .color: .color
        case .number: .number
        case .point: .point
        case .size: .size
        case .gradient: .gradient
        }
    }

    /// The kinds of value, as properties take them.
    enum Kind {
        case color, number, point, size, gradient

        /// The kind in an error message.
        var name: String {
            switch self {
            case .color: "a colour"
            case .number: "a number"
            case .point: "a point"
            case .size: "a size"
            case .gradient: "a gradient"
            }
        }
    }
}

/// What a property shows instead of the file's values (lottie-ios's `ValueProvider`s with a single
/// value or keyframes): one value throughout, or values at frames of the property's own timeline,
/// played linearly between them and held before the first and after the last. Closures are not
/// offered, as lottie-ios's Core Animation engine offers none: they would run in the app every frame.
public struct LottieValueProvider: Hashable, Sendable {
    /// Values at frames, in order of frame; one value holds throughout.
    public let keyframes: [(frame: Double, value: LottieValue)]

    /// One value throughout.
    public init(_ value: LottieValue) { keyframes = [(0, value)] }

    /// Values at frames, linear between, sorted by frame; nil when `keyframes` is empty.
    public init?(keyframes: [(frame: Double, value: LottieValue)]) {
        guard !keyframes.isEmpty else { return nil }
        self.keyframes = keyframes.sorted { $0.frame < $1.frame }
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.keyframes.map(\.frame) == b.keyframes.map(\.frame) && a.keyframes.map(\.value) == b.keyframes.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        for (frame, value) in keyframes {
            hasher.combine(frame)
            hasher.combine(value)
        }
    }
}

/// Value providers by keypath, the latest set winning where several match a property (as lottie-ios).
public struct LottieValueProviders: Hashable, Sendable {
    /// The providers in the order they were set.
    public private(set) var entries: [(keypath: LottieKeypath, provider: LottieValueProvider)] = []

    public init() {}

    /// Sets `provider` for the properties `keypath` matches, replacing one set for the same keypath.
    public mutating func set(_ provider: LottieValueProvider, for keypath: LottieKeypath) {
        entries.removeAll { $0.keypath == keypath }
        entries.append((keypath, provider))
    }

    /// The provider for a property's names, if one matches.
    func provider(for path: [String]) -> (keypath: LottieKeypath, provider: LottieValueProvider)? {
        entries.last { $0.keypath.matches(path) }
    }

    public var isEmpty: Bool { entries.isEmpty }

    public static func == (a: Self, b: Self) -> Bool {
        a.entries.map(\.keypath) == b.entries.map(\.keypath) && a.entries.map(\.provider) == b.entries.map(\.provider)
    }

    public func hash(into hasher: inout Hasher) {
        for (keypath, provider) in entries {
            hasher.combine(keypath)
            hasher.combine(provider)
        }
    }
}
