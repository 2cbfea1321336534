import CGLES3
import LaminaCore
import LaminaRenderList

/// The retained list's instances on the GPU, kept from frame to frame: a frame copies only the
/// instances that changed since the last (`RenderList.instanceChanges`), all of them after a build.
///
/// The per-frame ring (`InstanceRing`) serves every other list (a cached subtree's body, drawn
/// anew); the retained list, whose instances mostly stay as they were, has this buffer of its own,
/// written in place. GL orders a write after the draws already issued that read the buffer; laminad
/// keeps one frame in flight, so such a write waits for that frame at most.
///
/// A large copy (every instance of a scene whose layers all turn) is split across the frame's
/// threads through a write mapping of the range: one thread copying 22 MB is bound by its own
/// load and store throughput, not by the memory's. The range is invalidated, so no driver reads the
/// old bytes back first.
struct RetainedInstances {
    let buffer: GLuint
    /// Bytes the buffer's storage holds.
    private var capacity = 0
    /// Whether the buffer holds the list as it was when last uploaded (false until the first upload,
    /// and after its storage was given back).
    private var holdsList = false

    /// Makes the buffer (on the render thread, with its context current).
    init() {
        buffer = GLObjects.make(.buffer)
    }

    /// Brings the buffer up to date with `list` and leaves it bound to `GL_ARRAY_BUFFER`; returns the
    /// bytes copied. Ranges of many instances are copied split across `threads`.
    mutating func upload(_ list: RenderList, threads: FrameThreads) -> Int {
        let stride = MemoryLayout<LayerInstance>.stride
        let count = list.instances.count
        let bytes = count * stride
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        let plan = bytes > capacity ? .all : list.instanceChanges.upload(count: count, holdsList: holdsList)
        return list.instances.withUnsafeBytes { all -> Int in
            switch plan {
            case .all:
                if bytes > capacity {
                    capacity = max(bytes, capacity * 2)
                    glBufferData(GLenum(GL_ARRAY_BUFFER), capacity, nil, GLenum(GL_DYNAMIC_DRAW))
                }
                if bytes > 0 { Self.copy(all, instances: 0..<count, threads: threads) }
                holdsList = true
                return bytes
            case .ranges(let ranges):
                var copied = 0
                for range in ranges {
                    Self.copy(all, instances: range, threads: threads)
                    copied += range.count * stride
                }
                return copied
            }
        }
    }

    /// Copies `instances` of `all` to the same place in the bound buffer: one call, or, when the range
    /// is long enough to split, a write mapping filled by `threads` at once.
    private static func copy(_ all: UnsafeRawBufferPointer, instances: Range<Int>, threads: FrameThreads) {
        let stride = MemoryLayout<LayerInstance>.stride
        let offset = instances.lowerBound * stride
        let bytes = instances.count * stride
        if threads.ranges(for: instances.count) > 1,
            let mapped = glMapBufferRange(
                GLenum(GL_ARRAY_BUFFER), offset, bytes, GLbitfield(GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT))
        {
            let source = Unshared(all.baseAddress! + offset)
            let target = Unshared(mapped)
            threads.forEachRange(of: instances.count) { part in
                (target.value + part.lowerBound * stride).copyMemory(
                    from: source.value + part.lowerBound * stride, byteCount: part.count * stride)
            }
            // False when the driver lost the mapped storage meanwhile: the range is copied again below.
            if glUnmapBuffer(GLenum(GL_ARRAY_BUFFER)) != GLboolean(GL_FALSE) { return }
        }
        glBufferSubData(GLenum(GL_ARRAY_BUFFER), offset, bytes, all.baseAddress! + offset)
    }

    /// Gives the storage back; the next upload copies everything.
    mutating func releaseStorage() {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(GLenum(GL_ARRAY_BUFFER), 0, nil, GLenum(GL_DYNAMIC_DRAW))
        capacity = 0
        holdsList = false
    }

    /// Deletes the buffer (on the render thread).
    func delete() {
        var name = buffer
        glDeleteBuffers(1, &name)
    }
}
