/// The kinds of value a layer property holds; every `PropertyValue` case has one.
public enum PropertyType: String, Sendable, CaseIterable {
    case number, point, size, rect, color, transform, bool, gravity, filter, bitmap
    /// A `Path` (a shape layer's outline); the empty path is Core Animation's `nil`.
    case path
    /// A list of numbers (`locations`, `lineDashPattern`); the empty list is `nil`.
    case numbers
    /// A list of colours (a gradient's `colors`); the empty list is `nil`.
    case colors
    /// Text (`string`, `font`).
    case string
    /// One of a property's named choices (`fillRule`, `lineCap`, ...), by its index in
    /// `PropertyDescriptor.choices`.
    case keyword
    /// A set of the layer's four corners (`maskedCorners`).
    case corners
    /// A list of filters (`filters`, `backgroundFilters`); the empty list is `nil`.
    case filters
    /// A list of emitter cells (`emitterCells`); the empty list is `nil`.
    case cells
}

/// How the animation engine moves a property from one value to another.
public enum Interpolation: Sendable {
    /// Component by component, linearly (numbers, points, sizes, rects, colours in straight alpha).
    case linear
    /// By decomposing both transforms into translation, scale, skew, rotation (a quaternion, slerped) and
    /// perspective, and recomposing: never element by element.
    case decomposedTransform
    /// No in-between: the value switches at the midpoint of the segment.
    case discrete
    /// Element by element when both values have the same structure (lists of the same length, paths
    /// of the same commands), linearly; otherwise the value switches at the midpoint.
    case elementwise
}
