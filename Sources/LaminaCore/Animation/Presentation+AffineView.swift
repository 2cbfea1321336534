extension Presentation {
    /// A frame's extents and animated affine transforms in place, for a reader on several threads at
    /// once (the split leaf patch): pointers, valid inside `withAffineView`'s body, so that no read
    /// retains the storage. Read through the presentation, each of a hundred thousand turning leaves
    /// retained and released the affines' storage (a split evaluation's part's, for the second range),
    /// and two threads doing so fought over its reference count: a tenth of the patch's time.
    package struct AffineView {
        @usableFromInline let extents: UnsafeBufferPointer<Extent>
        /// Each evaluation part's affines (`Extent.part`): part 0's are the presentation's own.
        @usableFromInline let affines: UnsafeBufferPointer<UnsafeBufferPointer<PresentationOverlay.AnimatedAffine>>

        /// `Presentation.animatedKeyMask(of:)`.
        @inlinable
        package func animatedKeyMask(of id: LayerID) -> (keys: UInt128, transition: Bool) {
            guard Int(id.index) < extents.count else { return (0, false) }
            let extent = extents[Int(id.index)]
            return (extent.keys, extent.transition >= 0)
        }

        /// `Presentation.animatedAffine(_:of:)`.
        @inlinable
        package func animatedAffine(_ key: PropertyKey, of id: LayerID) -> AffineTransform? {
            guard Int(id.index) < extents.count else { return nil }
            let extent = extents[Int(id.index)]
            guard !extent.affines.isEmpty, Int(extent.part) < affines.count else { return nil }
            let storage = affines[Int(extent.part)]
            for i in extent.affines where storage[Int(i)].key == key { return storage[Int(i)].value }
            return nil
        }

        /// The address of a layer's extent (nil past the extents), for a prefetch.
        @inlinable
        package func extentAddress(of id: LayerID) -> UnsafeRawPointer? {
            guard Int(id.index) < extents.count else { return nil }
            return UnsafeRawPointer(extents.baseAddress! + Int(id.index))
        }

        /// The address of a layer's first animated affine transform (nil when it has none), found through
        /// its extent, for a prefetch.
        @inlinable
        package func affineAddress(of id: LayerID) -> UnsafeRawPointer? {
            guard Int(id.index) < extents.count else { return nil }
            let extent = extents[Int(id.index)]
            guard !extent.affines.isEmpty, Int(extent.part) < affines.count else { return nil }
            let storage = affines[Int(extent.part)]
            guard Int(extent.affines.lowerBound) < storage.count else { return nil }
            return UnsafeRawPointer(storage.baseAddress! + Int(extent.affines.lowerBound))
        }
    }

    /// Calls `body` with a view of this frame's extents and affine transforms in place.
    package func withAffineView<R>(_ body: (AffineView) -> R) -> R {
        extents.withUnsafeBufferPointer { extents in
            withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<PresentationOverlay.AnimatedAffine>.self, capacity: max(1, parts.count)) {
                storages in
                // Part 0 is the presentation's own storage; the others are the parts' writers'.
                Self.withAffineStorages(self, from: 0, into: storages) {
                    body(AffineView(extents: extents, affines: UnsafeBufferPointer(rebasing: storages[..<max(1, parts.count)])))
                }
            }
        }
    }

    /// Fills `storages[part...]` with each part's affines in place, then calls `body` (inside every
    /// `withUnsafeBufferPointer`, so the pointers stay valid).
    private static func withAffineStorages<R>(
        _ presentation: Presentation, from part: Int, into storages: UnsafeMutableBufferPointer<UnsafeBufferPointer<PresentationOverlay.AnimatedAffine>>,
        _ body: () -> R
    ) -> R {
        guard part < max(1, presentation.parts.count) else { return body() }
        let storage = part == 0 ? presentation.affines : presentation.parts[part].writer.affines
        return storage.withUnsafeBufferPointer { buffer in
            storages[part] = buffer
            return withAffineStorages(presentation, from: part + 1, into: storages, body)
        }
    }
}
