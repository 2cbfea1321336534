import CGLES3
import CLaminaPrefetch
import LaminaCore
import LaminaRenderList

/// The retained list's instances on the GPU, kept from frame to frame: a frame copies only the
/// instances that changed since the last (`RenderList.instanceChanges`), all of them after a build.
///
/// Two buffers: the instances whole (`buffer`), and their matrices packed apart (`matrices`, 64 bytes
/// each), from which the layer program's matrix attributes read. A leaf that only moved or turned
/// changes its matrix alone (`InstanceChanges.markMatrices`), and only that is copied: the matrices of a
/// hundred thousand turning layers are 6.4 MB, their whole instances 22. (The matrix fields of
/// `buffer` go stale then; nothing reads them.)
///
/// The per-frame ring (`InstanceRing`) serves every other list (a cached subtree's body, drawn
/// anew); the retained list, whose instances mostly stay as they were, has these buffers of its own,
/// written in place. GL orders a write after the draws already issued that read the buffer; laminad
/// keeps one frame in flight, so such a write waits for that frame at most.
///
/// A large copy (every instance of a scene whose layers all turn) is split across the frame's
/// threads through a write mapping of the range: one thread copying 22 MB is bound by its own
/// load and store throughput, not by the memory's. The range is invalidated, so no driver reads the
/// old bytes back first. Matrices are gathered into it with stores that bypass the cache
/// (`lamina_gather_64_streaming`): ordinary stores read each target line in before writing it, and
/// 6.4 MB of them evicted what the next frame reads; a hundred thousand turning layers' encode took
/// about a third less time.
struct RetainedInstances {
    let buffer: GLuint
    let matrices: GLuint
    /// Bytes each buffer's storage holds.
    private var capacity = 0
    private var matrixCapacity = 0
    /// Whether the buffers hold the list as it was when last uploaded (false until the first upload,
    /// and after their storage was given back).
    private var holdsList = false

    /// The bytes of one instance's matrix, as `matrices` packs them (`InstanceLayout.matrixBytes`), at
    /// the same offsets, so the matrix attributes read either buffer alike.
    static let matrixStride = InstanceLayout.matrixBytes

    /// Makes the buffers (on the render thread, with its context current).
    init() {
        precondition(MemoryLayout<LayerInstance>.offset(of: \.matrix0)! == 0 && Self.matrixStride == 64)
        buffer = GLObjects.make(.buffer)
        matrices = GLObjects.make(.buffer)
    }

    /// Brings the buffers up to date with `list`; returns the bytes copied. Ranges of many instances
    /// are copied split across `threads`.
    mutating func upload(_ list: RenderList, threads: FrameThreads) -> Int {
        let stride = MemoryLayout<LayerInstance>.stride
        let count = list.instances.count
        let fits = count * stride <= capacity && count * Self.matrixStride <= matrixCapacity
        let whole = fits ? list.instanceChanges.upload(count: count, holdsList: holdsList) : .all
        let moved = fits ? list.instanceChanges.matrixUpload(count: count, holdsList: holdsList) : .all
        if !fits { grow(count: count) }
        holdsList = true
        return list.instances.withUnsafeBytes { all -> Int in
            var copied = 0
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
            for range in whole.ranges(count: count) {
                Self.copy(all, instances: range, threads: threads, matricesOnly: false)
                copied += range.count * stride
            }
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), matrices)
            for range in moved.ranges(count: count) {
                Self.copy(all, instances: range, threads: threads, matricesOnly: true)
                copied += range.count * Self.matrixStride
            }
            return copied
        }
    }

    /// Grows both buffers' storage to hold `count` instances (to at least twice what they held).
    private mutating func grow(count: Int) {
        let stride = MemoryLayout<LayerInstance>.stride
        if count * stride > capacity {
            capacity = max(count * stride, capacity * 2)
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
            glBufferData(GLenum(GL_ARRAY_BUFFER), capacity, nil, GLenum(GL_DYNAMIC_DRAW))
        }
        if count * Self.matrixStride > matrixCapacity {
            matrixCapacity = max(count * Self.matrixStride, matrixCapacity * 2)
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), matrices)
            glBufferData(GLenum(GL_ARRAY_BUFFER), matrixCapacity, nil, GLenum(GL_DYNAMIC_DRAW))
        }
    }

    /// Copies `instances` of `all` (whole, or only their matrices, packed) to their place in the bound
    /// buffer: one call (one per matrix, for a few), or, when the range is long enough, a write mapping
    /// filled by `threads` at once.
    private static func copy(
        _ all: UnsafeRawBufferPointer, instances: Range<Int>, threads: FrameThreads, matricesOnly: Bool
    ) {
        let stride = MemoryLayout<LayerInstance>.stride
        let targetStride = matricesOnly ? matrixStride : stride
        let offset = instances.lowerBound * targetStride
        let bytes = instances.count * targetStride
        guard bytes > 0 else { return }
        let source = Unshared(all.baseAddress! + instances.lowerBound * stride)
        // Matrices are gathered through a mapping unless there are only a few (one leaf's, one call each).
        let maps = matricesOnly ? instances.count > 16 : threads.ranges(for: instances.count) > 1
        if maps,
            let mapped = glMapBufferRange(
                GLenum(GL_ARRAY_BUFFER), offset, bytes, GLbitfield(GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT))
        {
            let target = Unshared(mapped)
            threads.forEachRange(of: instances.count) { part in
                if matricesOnly {
                    // Stores that bypass the cache: the mapping is written once and not read here.
                    lamina_gather_64_streaming(
                        target.value + part.lowerBound * matrixStride, source.value + part.lowerBound * stride, stride,
                        part.count)
                } else {
                    (target.value + part.lowerBound * stride).copyMemory(
                        from: source.value + part.lowerBound * stride, byteCount: part.count * stride)
                }
            }
            // False when the driver lost the mapped storage meanwhile: the range is copied again below.
            if glUnmapBuffer(GLenum(GL_ARRAY_BUFFER)) != GLboolean(GL_FALSE) { return }
        }
        guard matricesOnly else {
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), offset, bytes, source.value)
            return
        }
        for i in 0..<instances.count {
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), offset + i * matrixStride, matrixStride, source.value + i * stride)
        }
    }

    /// Gives the storage back; the next upload copies everything.
    mutating func releaseStorage() {
        for name in [buffer, matrices] {
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), name)
            glBufferData(GLenum(GL_ARRAY_BUFFER), 0, nil, GLenum(GL_DYNAMIC_DRAW))
        }
        (capacity, matrixCapacity) = (0, 0)
        holdsList = false
    }

    /// Deletes the buffers (on the render thread).
    func delete() {
        var names = [buffer, matrices]
        glDeleteBuffers(2, &names)
    }
}

extension InstanceChanges.Upload {
    /// The ranges to copy of a list of `count` instances.
    fileprivate func ranges(count: Int) -> [Range<Int>] {
        switch self {
        case .all: count > 0 ? [0..<count] : []
        case .ranges(let ranges): ranges
        }
    }
}
