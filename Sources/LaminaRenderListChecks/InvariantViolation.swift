/// A frame whose render list is not what it must be: which invariant failed, at which frame, and how.
package struct InvariantViolation: Error, Equatable, CustomStringConvertible {
    /// The invariants of the retained render list (`docs/internals/render-list.md`).
    package enum Invariant: String, Sendable {
        /// The retained list equals a fresh build made with the same cache and occlusion decisions.
        case retainedEqualsFresh = "retained list = fresh build"
        /// Each cache shown holds what a fresh build of its subtree draws.
        case cacheEqualsFresh = "cache = fresh build of its subtree"
        /// The damage covers the old and new footprint of everything that changed.
        case damageCoversChanges = "damage covers every change"
        /// Every instance occlusion collapsed is hidden by opaque instances drawn after it.
        case occlusionIsSound = "occluded instances are hidden"
        /// The instance grid, kept in step with the list's changes, finds for a box exactly what a walk
        /// of every instance finds.
        case gridEqualsWalk = "instance grid = walk of every instance"
        /// Evaluating the animations split across threads (`FrameThreads`) gives what evaluating them
        /// whole gives: every layer's presentation values, the events in order, the animations left.
        case splitEvaluationEqualsWhole = "split evaluation = whole evaluation"
        /// The renderer's copy of the instances, brought up to date by the list's changes
        /// (`InstanceChanges.upload`), is the list's.
        case uploadedEqualsList = "uploaded instances = the list's"
    }

    package var invariant: Invariant
    /// The frame (counted from 0 by the harness).
    package var frame: Int
    /// What differs, with indices and values.
    package var detail: String

    package var description: String { "frame \(frame): \(invariant.rawValue): \(detail)" }
}
