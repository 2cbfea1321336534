import CDRM
import CEGL
import CGBM
import CGLES3
import CPNG
import Testing

/// Proves the Debian packages behind the C system-library targets are installed and usable: each
/// library is linked and called, and Mesa's surfaceless EGL platform gives a GLES 3 context that
/// clears a framebuffer which is read back. The renderer's own tests cover everything beyond this.
@Suite("System libraries")
struct SystemLibraryTests {
    @Test("EGL lists the platforms Lamina selects between")
    func eglClientExtensions() throws {
        let raw = try #require(eglQueryString(nil, EGLint(EGL_EXTENSIONS)))
        let extensions = Set(String(cString: raw).split(separator: " ").map(String.init))
        #expect(extensions.contains("EGL_EXT_platform_base"))
        #expect(extensions.contains("EGL_MESA_platform_surfaceless"))
    }

    @Test("GBM refuses an invalid file descriptor")
    func gbmRejectsInvalidFD() {
        #expect(gbm_create_device(-1) == nil)
    }

    @Test("libdrm enumerates devices (none is a valid answer)")
    func drmEnumerates() {
        let count = drmGetDevices2(0, nil, 0)
        #expect(count >= 0 || count == -ENOENT_VALUE)
    }

    @Test("libpng 1.6 is linked, with the simplified png_image API")
    func libpng() {
        #expect(png_access_version_number() / 100 == 106)
        #expect(PNG_IMAGE_VERSION == 1)
    }

    @Test("Surfaceless EGL gives a GLES 3 context that renders")
    func surfacelessClearAndReadBack() throws {
        let display = try #require(
            eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil))
        var major: EGLint = 0
        var minor: EGLint = 0
        #expect(eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE))
        #expect(eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGLBoolean(EGL_TRUE))
        let attributes: [EGLint] = [EGLint(EGL_CONTEXT_MAJOR_VERSION), 3, EGLint(EGL_NONE)]
        let context = try #require(eglCreateContext(display, nil, nil, attributes))
        defer { eglDestroyContext(display, context) }
        #expect(eglMakeCurrent(display, nil, nil, context) == EGLBoolean(EGL_TRUE))
        defer { eglMakeCurrent(display, nil, nil, nil) }

        var renderbuffer: GLuint = 0
        var framebuffer: GLuint = 0
        glGenRenderbuffers(1, &renderbuffer)
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), 4, 4)
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferRenderbuffer(
            GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), renderbuffer)
        #expect(glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE))
        glClearColor(1, 0.5, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        var pixel = [UInt8](repeating: 0, count: 4)
        glReadPixels(1, 1, 1, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixel)
        glDeleteFramebuffers(1, &framebuffer)
        glDeleteRenderbuffers(1, &renderbuffer)
        #expect(pixel[0] == 255)
        #expect(abs(Int(pixel[1]) - 128) <= 1)
        #expect(pixel[2] == 0)
        #expect(pixel[3] == 255)
    }
}

/// `ENOENT` from Glibc without importing it for one constant.
private let ENOENT_VALUE: Int32 = 2
