import CGLES3

/// The per-frame instance data's GL buffers: a ring of a few buffers, each frame writing the next.
///
/// Re-specifying one buffer every frame (`glBufferData(nil)`, "orphaning") is the usual way to avoid
/// waiting for the GPU to finish reading last frame's data, but it makes the driver allocate fresh
/// storage of the buffer's size each time (two megabytes a frame at 10,000 layers). With a ring, a
/// buffer is written again only after the frames in the rest of the ring, by which time a GPU has
/// normally finished reading it (GL still orders the write after those reads if not), and its storage
/// is reused: it only grows, to the largest frame it has carried. On llvmpipe, where the renderer's
/// callers wait for every frame, the two measured the same; the ring is for drivers that run behind.
struct InstanceRing {
    /// How many frames may be in flight before a buffer is reused.
    static let depth = 3

    private(set) var buffers: [GLuint]
    private var capacities: [Int]
    private var next = 0

    /// Creates the buffers (on the render thread, with its context current).
    init() {
        buffers = GLObjects.make(.buffer, count: Self.depth)
        capacities = Array(repeating: 0, count: Self.depth)
    }

    /// Copies `bytes` into the next buffer of the ring, growing it (to at least twice its size) when
    /// they do not fit, and leaves that buffer bound to `GL_ARRAY_BUFFER`. Returns its name.
    mutating func upload(_ bytes: UnsafeRawBufferPointer) -> GLuint {
        let index = next
        next = (next + 1) % Self.depth
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffers[index])
        if bytes.count > capacities[index] {
            capacities[index] = max(bytes.count, capacities[index] * 2)
            glBufferData(GLenum(GL_ARRAY_BUFFER), capacities[index], nil, GLenum(GL_DYNAMIC_DRAW))
        }
        if bytes.count > 0 {
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, bytes.count, bytes.baseAddress)
        }
        return buffers[index]
    }

    /// Gives the buffers' storage back (each re-specified empty): they grow again, to what the next
    /// frames carry, when those are uploaded. For a scene that shrank for good (a client of many layers
    /// left), whose largest frame would otherwise stay allocated three times over.
    mutating func releaseStorage() {
        for (index, buffer) in buffers.enumerated() where capacities[index] > 0 {
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
            glBufferData(GLenum(GL_ARRAY_BUFFER), 0, nil, GLenum(GL_DYNAMIC_DRAW))
            capacities[index] = 0
        }
    }

    /// Deletes the buffers (on the render thread).
    func delete() {
        var names = buffers
        glDeleteBuffers(GLsizei(names.count), &names)
    }
}
