import LaminaRenderList
import CEGL

/// Opening Mesa's surfaceless display (`EGL_MESA_platform_surfaceless`): the platform that works on a
/// machine with no GPU at all (llvmpipe), and the last resort of the standard selection.
enum SurfacelessPlatform {
    /// The surfaceless display.
    static func open(log: RenderLog) throws(DisplayFailure) -> Display {
        guard EGLFunctions.extensions(of: nil).contains("EGL_MESA_platform_surfaceless") else {
            throw .missingClientExtension("EGL_MESA_platform_surfaceless")
        }
        guard let handle = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            throw .noDisplay(.last())
        }
        return try Display(
            handle: handle, platform: .surfaceless, candidate: .surfaceless, name: "Mesa surfaceless",
            owner: nil, log: log)
    }
}
