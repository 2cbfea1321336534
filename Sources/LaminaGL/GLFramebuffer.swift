import CGLES3

/// One drawable's GL objects in the app's context: an RGBA8 texture as the colour attachment of a
/// framebuffer object, and a depth-stencil renderbuffer when asked for. The app renders into the
/// framebuffer; presenting reads its pixels back.
struct GLFramebuffer {
    let framebuffer: GLuint
    let texture: GLuint
    let depthStencil: GLuint
    let width: Int
    let height: Int

    /// Makes the objects in the current context, leaving the app's bindings as they were.
    init(width: Int, height: Int, depth: Bool) throws(GLLayerError) {
        var previousTexture: GLint = 0, previousFramebuffer: GLint = 0, previousRenderbuffer: GLint = 0
        glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &previousTexture)
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previousFramebuffer)
        glGetIntegerv(GLenum(GL_RENDERBUFFER_BINDING), &previousRenderbuffer)
        defer {
            glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(previousTexture))
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previousFramebuffer))
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), GLuint(previousRenderbuffer))
        }
        var texture: GLuint = 0, framebuffer: GLuint = 0, depthStencil: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexStorage2D(GLenum(GL_TEXTURE_2D), 1, GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        if depth {
            glGenRenderbuffers(1, &depthStencil)
            glBindRenderbuffer(GLenum(GL_RENDERBUFFER), depthStencil)
            glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_DEPTH24_STENCIL8), GLsizei(width), GLsizei(height))
            glFramebufferRenderbuffer(
                GLenum(GL_FRAMEBUFFER), GLenum(GL_DEPTH_STENCIL_ATTACHMENT), GLenum(GL_RENDERBUFFER), depthStencil)
        }
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        (self.framebuffer, self.texture, self.depthStencil, self.width, self.height) = (framebuffer, texture, depthStencil, width, height)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            delete()
            throw .framebufferIncomplete(width: width, height: height, status: status)
        }
    }

    /// Deletes the objects (the context they were made in must be current).
    func delete() {
        var (f, t, d) = (framebuffer, texture, depthStencil)
        glDeleteFramebuffers(1, &f)
        glDeleteTextures(1, &t)
        if d != 0 { glDeleteRenderbuffers(1, &d) }
    }

    /// Reads the pixels of `region` (x, y, width, height from the top left, as the layer shows them)
    /// into `pixels`, a `width` x `height` image of RGBA rows top first: GL's rows run bottom up, so
    /// they are read into `scratch` and copied flipped.
    func read(_ region: (x: Int, y: Int, width: Int, height: Int), into pixels: inout [UInt8], scratch: inout [UInt8])
        throws(GLLayerError)
    {
        let rowBytes = region.width * 4
        if scratch.count < rowBytes * region.height { scratch = [UInt8](repeating: 0, count: rowBytes * region.height) }
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_READ_FRAMEBUFFER_BINDING), &previous)
        defer { glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), GLuint(previous)) }
        glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        _ = glGetError()
        scratch.withUnsafeMutableBytes { out in
            glReadPixels(
                GLint(region.x), GLint(height - region.y - region.height), GLsizei(region.width), GLsizei(region.height),
                GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), out.baseAddress)
        }
        let error = glGetError()
        guard error == GLenum(GL_NO_ERROR) else { throw .gl(call: "glReadPixels", error: error) }
        let width = self.width
        scratch.withUnsafeBytes { source in
            pixels.withUnsafeMutableBytes { target in
                for row in 0..<region.height {
                    // GL's row `row` of the region is the layer's row counted from the region's bottom.
                    let to = ((region.y + region.height - 1 - row) * width + region.x) * 4
                    (target.baseAddress! + to).copyMemory(from: source.baseAddress! + row * rowBytes, byteCount: rowBytes)
                }
            }
        }
    }
}
