import CGLES3
import LaminaCore
import LaminaRender
import LaminaRenderList

/// Test-only drawing of one quad with the `quad` program: the renderer proper (batching, textures,
/// layers) belongs to LaminaRender; this is just enough GL to put the program's pixels in a target.
struct QuadDrawing {
    /// The quad's rectangle in its own space (points).
    var rect: Rect
    /// Its transform into the target's pixel space (the target's projection is added here).
    var transform: Transform3D
    /// Its colour (straight alpha; premultiplied on the way in).
    var color: Color
    /// A texture to multiply by (`nil`: colour only).
    var texture: RGBAImage?

    /// Draws into `target` (already cleared) with premultiplied source-over blending.
    func draw(_ render: RenderContext, into target: OffscreenTarget) throws {
        let program = try ShaderProgram(render, .quad)
        let matrix = try program.uniform("u_matrix")
        let colorUniform = try program.uniform("u_color")
        let textured = try program.uniform("u_textured")
        let sampler = try program.uniform("u_texture")

        target.bind()
        program.use()
        program.set(matrix, GPUMatrix(transform.concatenating(target.projection)))
        program.set(colorUniform, premultiplied: color)
        program.set(textured, texture != nil)
        program.set(sampler, Int32(0))

        var textureName: GLuint = 0
        if let texture {
            let premultiplied = texture.premultipliedAlpha
            glGenTextures(1, &textureName)
            glActiveTexture(GLenum(GL_TEXTURE0))
            glBindTexture(GLenum(GL_TEXTURE_2D), textureName)
            glTexImage2D(
                GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(texture.width), GLsizei(texture.height), 0,
                GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), premultiplied.bytes)
            for (parameter, value) in [
                (GL_TEXTURE_MIN_FILTER, GL_NEAREST), (GL_TEXTURE_MAG_FILTER, GL_NEAREST),
                (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE),
            ] {
                glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(parameter), value)
            }
        }

        // Triangle strip: top left, top right, bottom left, bottom right (y down); texture row 0 on top.
        let (x0, y0, x1, y1) = (Float(rect.minX), Float(rect.minY), Float(rect.maxX), Float(rect.maxY))
        let vertices: [Float] = [
            x0, y0, 0, 0,
            x1, y0, 1, 0,
            x0, y1, 0, 1,
            x1, y1, 1, 1,
        ]
        var vertexArray: GLuint = 0
        var buffer: GLuint = 0
        glGenVertexArrays(1, &vertexArray)
        glBindVertexArray(vertexArray)
        glGenBuffers(1, &buffer)
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        glBufferData(
            GLenum(GL_ARRAY_BUFFER), vertices.count * MemoryLayout<Float>.size, vertices, GLenum(GL_STATIC_DRAW))
        let stride = GLsizei(4 * MemoryLayout<Float>.size)
        glEnableVertexAttribArray(0)
        glVertexAttribPointer(0, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, nil)
        glEnableVertexAttribArray(1)
        let texcoordOffset = UnsafeRawPointer(bitPattern: 2 * MemoryLayout<Float>.size)
        glVertexAttribPointer(1, 2, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride, texcoordOffset)

        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glDrawArrays(GLenum(GL_TRIANGLE_STRIP), 0, 4)
        try GLError.check("drawing a quad")

        glBindVertexArray(0)
        glDeleteBuffers(1, &buffer)
        glDeleteVertexArrays(1, &vertexArray)
        if textureName != 0 { glDeleteTextures(1, &textureName) }
    }
}
