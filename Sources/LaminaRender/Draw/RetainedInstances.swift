import CGLES3
import LaminaRenderList

/// The retained list's instances on the GPU, kept from frame to frame: a frame copies only the
/// instances that changed since the last (`RenderList.instanceChanges`), all of them after a build.
///
/// The per-frame ring (`InstanceRing`) serves every other list (a cached subtree's body, drawn
/// anew); the retained list, whose instances mostly stay as they were, has this buffer of its own,
/// written in place. GL orders a write after the draws already issued that read the buffer; laminad
/// keeps one frame in flight, so such a write waits for that frame at most.
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
    /// bytes copied.
    mutating func upload(_ list: RenderList) -> Int {
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
                if bytes > 0 { glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, bytes, all.baseAddress) }
                holdsList = true
                return bytes
            case .ranges(let ranges):
                var copied = 0
                for range in ranges {
                    let offset = range.lowerBound * stride
                    glBufferSubData(GLenum(GL_ARRAY_BUFFER), offset, range.count * stride, all.baseAddress! + offset)
                    copied += range.count * stride
                }
                return copied
            }
        }
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
