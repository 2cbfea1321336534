package import LaminaCore

/// What a list is built for: a target's size and its projection, and which target it is. A list is
/// retained (updated, patched, drawn over its damage) only for the target it was last drawn into: the
/// renderer passes its offscreen target as `identity`; tests pass any object.
package struct ListTarget {
    /// The target, compared by identity.
    package let identity: AnyObject
    /// Its size in pixels.
    package let width: Int
    package let height: Int

    package init(identity: AnyObject, width: Int, height: Int) {
        (self.identity, self.width, self.height) = (identity, width, height)
    }

    /// Target pixels (origin top left, y down) to GL clip space: what every instance's matrix ends
    /// with. `z` is flattened: layers are ordered by the order they are drawn in, and perspective has
    /// already done its work in `w`.
    package var projection: Transform3D { Self.projection(width: width, height: height) }

    /// `projection` for a `width` x `height` target.
    package static func projection(width: Int, height: Int) -> Transform3D {
        Transform3D(scaleX: 2 / Double(width), y: -2 / Double(height), z: 0)
            .concatenating(Transform3D(translationX: -1, y: 1, z: 0))
    }
}
