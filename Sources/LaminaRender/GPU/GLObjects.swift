import CGLES3
import Glibc

/// Every GL object the renderer makes and deletes goes through here: textures, framebuffers,
/// renderbuffers, buffers, vertex arrays, samplers, programs and shaders.
///
/// One choke point, so that what a frame creates can be counted (`FrameStatistics.glObjectsCreated`:
/// a steady frame should create nothing, filters and groups included, their intermediates pooled) and
/// so that nothing is made behind the count's back: a test reads the sources and finds `glGen*` and
/// `glCreate*` nowhere else.
///
/// The count is per thread: a GL context is current on one thread at a time, and each `GPUContext`
/// has a thread of its own, so a thread's count is its context's, whatever other contexts in the
/// process (tests run several at once) are doing.
enum GLObjects {
    /// The kinds of object, each made by its own `glGen*`/`glCreate*`.
    enum Kind: Sendable, CaseIterable {
        case texture, framebuffer, renderbuffer, buffer, vertexArray, sampler, program
    }

    /// Makes `count` objects of `kind` (current context).
    static func make(_ kind: Kind, count: Int = 1) -> [GLuint] {
        var names = [GLuint](repeating: 0, count: count)
        let n = GLsizei(count)
        switch kind {
        case .texture: glGenTextures(n, &names)
        case .framebuffer: glGenFramebuffers(n, &names)
        case .renderbuffer: glGenRenderbuffers(n, &names)
        case .buffer: glGenBuffers(n, &names)
        case .vertexArray: glGenVertexArrays(n, &names)
        case .sampler: glGenSamplers(n, &names)
        case .program: names = (0..<count).map { _ in glCreateProgram() }
        }
        add(count)
        return names
    }

    /// Makes one object of `kind`.
    static func make(_ kind: Kind) -> GLuint { make(kind, count: 1)[0] }

    /// Makes a shader object of `type` (`GL_VERTEX_SHADER`, `GL_FRAGMENT_SHADER`).
    static func makeShader(_ type: GLenum) -> GLuint {
        add(1)
        return glCreateShader(type)
    }

    /// Objects made on this thread so far.
    static var createdOnThisThread: Int {
        guard let counter = pthread_getspecific(key) else { return 0 }
        return counter.load(as: Int.self)
    }

    private static func add(_ count: Int) {
        var counter = pthread_getspecific(key)
        if counter == nil {
            counter = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<Int>.size, alignment: MemoryLayout<Int>.alignment)
            counter!.storeBytes(of: 0, as: Int.self)
            pthread_setspecific(key, counter)
        }
        counter!.storeBytes(of: counter!.load(as: Int.self) + count, as: Int.self)
    }

    /// The thread-local counter's key; each thread's counter is freed when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { $0?.deallocate() }
        return key
    }()
}
