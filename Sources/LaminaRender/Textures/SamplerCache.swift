import CGLES3
import LaminaCore
import LaminaRenderList

/// GL sampler objects for each pair of `minificationFilter` and `magnificationFilter`.
///
/// Filtering is a property of the layer, not of the bitmap: two layers may show one texture, one with
/// `nearest` and one with `linear`. Sampler objects (GLES 3.0) keep the filter out of the texture, so
/// the texture stays shared and the filter travels with the draw. Edges clamp: a `contentsRect` beyond
/// the unit square repeats the edge pixels, as Core Animation does.
final class SamplerCache {
    private var samplers: [Key: GLuint] = [:]

    private struct Key: Hashable {
        var minification: ContentsFilter
        var magnification: ContentsFilter
    }

    deinit {
        for var name in samplers.values { glDeleteSamplers(1, &name) }
    }

    /// The sampler for a filter pair. `trilinear` magnifies as `linear` (mipmaps only help minifying).
    func sampler(minification: ContentsFilter, magnification: ContentsFilter) -> GLuint {
        let key = Key(minification: minification, magnification: magnification)
        if let existing = samplers[key] { return existing }
        let name = GLObjects.make(.sampler)
        let minFilter: GLint =
            switch minification {
            case .nearest: GL_NEAREST
            case .linear: GL_LINEAR
            case .trilinear: GL_LINEAR_MIPMAP_LINEAR
            }
        let magFilter: GLint = magnification == .nearest ? GL_NEAREST : GL_LINEAR
        glSamplerParameteri(name, GLenum(GL_TEXTURE_MIN_FILTER), minFilter)
        glSamplerParameteri(name, GLenum(GL_TEXTURE_MAG_FILTER), magFilter)
        glSamplerParameteri(name, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glSamplerParameteri(name, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        samplers[key] = name
        return name
    }
}

@available(*, unavailable)
extension SamplerCache: Sendable {}
