/// The kinds of value a layer property holds; every `PropertyValue` case has one.
public enum PropertyType: String, Sendable, CaseIterable {
    case number, point, size, rect, color, transform, bool, gravity, filter, bitmap
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
}
