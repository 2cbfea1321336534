package import LaminaRenderList

/// The renderer's copy of the retained list's instances, mirrored on the CPU: brought up to date every
/// frame by the list's changes exactly as the renderer brings its GPU buffer (`InstanceChanges.upload`),
/// then compared with the list byte for byte. An instance rewritten without its mark leaves the copy
/// stale: the GPU would draw last frame's bytes, which no check of the list itself sees.
package struct UploadedInstances {
    private var held: ContiguousArray<LayerInstance>?
    /// What the last frame uploaded.
    package private(set) var lastPlan: InstanceChanges.Upload?

    package init() {}

    /// Follows `list`'s changes; returns where the copy then differs from the list.
    package mutating func follow(_ list: RenderList) -> [String] {
        let count = list.instances.count
        let plan = list.instanceChanges.upload(count: count, holdsList: held != nil)
        lastPlan = plan
        switch plan {
        case .all:
            held = list.instances
        case .ranges(let ranges):
            var copy = held!
            if copy.count > count { copy.removeLast(copy.count - count) }
            // What the GPU buffer holds past the last upload is no instance of this list.
            if copy.count < count, var stale = list.instances.last {
                stale.matrix0 = SIMD4(repeating: -12_345)
                copy.append(contentsOf: repeatElement(stale, count: count - copy.count))
            }
            for range in ranges { copy.replaceSubrange(range, with: list.instances[range]) }
            held = copy
        }
        var differences: [String] = []
        held!.withUnsafeBytes { copy in
            list.instances.withUnsafeBytes { source in
                let stride = MemoryLayout<LayerInstance>.stride
                for i in 0..<count where differences.count < 5 {
                    let bytes = i * stride..<(i + 1) * stride
                    if !copy[bytes].elementsEqual(source[bytes]) {
                        differences.append("instance \(i) of \(count) changed but the upload left it as it was")
                    }
                }
            }
        }
        return differences
    }
}
