package import LaminaRenderList

/// The renderer's copy of the retained list's instances, mirrored on the CPU: brought up to date every
/// frame by the list's changes exactly as the renderer brings its GPU buffers (`InstanceChanges.upload`
/// for whole instances, `matrixUpload` for the matrices it keeps packed apart), then compared with the
/// list byte for byte. An instance rewritten without its mark, or marked as moved when more than its
/// matrix changed, leaves the copy stale: the GPU would draw last frame's bytes, which no check of the
/// list itself sees.
package struct UploadedInstances {
    /// The instance buffer, and the matrix buffer as whole instances whose other fields are ignored.
    private var held: (instances: ContiguousArray<LayerInstance>, matrices: ContiguousArray<LayerInstance>)?
    /// What the last frame uploaded: whole instances, and matrices.
    package private(set) var lastPlan: InstanceChanges.Upload?
    package private(set) var lastMatrixPlan: InstanceChanges.Upload?

    package init() {}

    /// Follows `list`'s changes; returns where the copy then differs from the list.
    package mutating func follow(_ list: RenderList) -> [String] {
        let count = list.instances.count
        let plan = list.instanceChanges.upload(count: count, holdsList: held != nil)
        let matrixPlan = list.instanceChanges.matrixUpload(count: count, holdsList: held != nil)
        (lastPlan, lastMatrixPlan) = (plan, matrixPlan)
        var (instances, matrices) = held ?? ([], [])
        Self.follow(&instances, plan, list)
        Self.follow(&matrices, matrixPlan, list)
        held = (instances, matrices)
        // What the GPU draws: each instance with the matrix from the matrix buffer.
        var drawn = instances
        for i in drawn.indices {
            (drawn[i].matrix0, drawn[i].matrix1) = (matrices[i].matrix0, matrices[i].matrix1)
            (drawn[i].matrix2, drawn[i].matrix3) = (matrices[i].matrix2, matrices[i].matrix3)
        }
        var differences: [String] = []
        drawn.withUnsafeBytes { copy in
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

    /// Brings one buffer's copy to `list`'s length and copies what `plan` says into it.
    private static func follow(_ copy: inout ContiguousArray<LayerInstance>, _ plan: InstanceChanges.Upload, _ list: RenderList) {
        let count = list.instances.count
        if copy.count > count { copy.removeLast(copy.count - count) }
        // What the GPU buffer holds past the last upload is no instance of this list.
        if copy.count < count, var stale = list.instances.last {
            stale.matrix0 = SIMD4(repeating: -12_345)
            stale.color = SIMD4(repeating: -12_345)
            copy.append(contentsOf: repeatElement(stale, count: count - copy.count))
        }
        switch plan {
        case .all: copy = list.instances
        case .ranges(let ranges): for range in ranges { copy.replaceSubrange(range, with: list.instances[range]) }
        }
    }
}
