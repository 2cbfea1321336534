public import LaminaCore

/// A value an animation can take (`fromValue`, `toValue`, keyframe `values`): the Swift types of the
/// layer properties, and `Bitmap` for `contents`.
public protocol AnimatableValue: Sendable {
    /// The value as the property table types it.
    var propertyValue: PropertyValue { get }
}

extension Double: AnimatableValue {}
extension Point: AnimatableValue {}
extension Size: AnimatableValue {}
extension Rect: AnimatableValue {}
extension Color: AnimatableValue {}
extension Transform3D: AnimatableValue {}
extension Bool: AnimatableValue {}
extension Path: AnimatableValue {}
extension String: AnimatableValue {}
extension Array: AnimatableValue where Element: PropertyListElement {}

extension Int: AnimatableValue {
    /// A number.
    public var propertyValue: PropertyValue { .number(Double(self)) }
}

extension Bitmap: AnimatableValue {
    /// The bitmap's identity; the commit that adds the animation carries its pixels.
    public var propertyValue: PropertyValue { .bitmap(id) }
}

extension PropertyValue: AnimatableValue {
    /// Itself.
    public var propertyValue: PropertyValue { self }
}
