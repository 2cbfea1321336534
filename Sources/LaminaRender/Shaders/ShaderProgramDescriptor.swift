import LaminaRenderList
/// A program Lamina draws with: its name and the two embedded files it is built from.
///
/// Listing every program here is what lets a test build all of them on the real driver, which catches
/// what `glslangValidator` cannot (a varying declared on one side only).
public struct ShaderProgramDescriptor: Hashable, Sendable, CustomStringConvertible {
    /// The program's name, for errors and logs.
    public let name: String
    /// The vertex shader's file name in `Shaders/`.
    public let vertexShader: String
    /// The fragment shader's file name in `Shaders/`.
    public let fragmentShader: String
    /// Preprocessor symbols defined for both stages (`#define NAME 1` after `#version`): one file, several
    /// variants, as GL renderers build their shader variants.
    public let defines: [String]
    /// GLSL inserted into both stages after `#version` (and the defines): declarations generated
    /// from Swift data, such as `InstanceLayout.glslHeader`. The vertex stage reads it with
    /// `VERTEX_SHADER` defined.
    public let header: String

    /// A program from two files in `Shaders/`.
    public init(name: String, vertexShader: String, fragmentShader: String, defines: [String] = [], header: String = "") {
        self.name = name
        self.vertexShader = vertexShader
        self.fragmentShader = fragmentShader
        self.defines = defines
        self.header = header
    }

    /// A coloured or textured quad under a 4x4 matrix, premultiplied out.
    ///
    /// Attributes: location 0 `a_position` (vec2, layer points), location 1 `a_texcoord` (vec2).
    /// Uniforms: `u_matrix` (mat4: points to clip space, column-major as `GPUMatrix`), `u_color` (vec4,
    /// premultiplied colour, or for a texture a tint carrying opacity in all four channels),
    /// `u_textured` (bool), `u_texture` (sampler2D of premultiplied texels).
    public static let quad = ShaderProgramDescriptor(
        name: "quad", vertexShader: "quad.vert", fragmentShader: "quad.frag")

    /// The layer renderer's one program: instanced rounded-rectangle fills, borders, contents pieces,
    /// stencil clip shapes and offscreen composites (see `layer.vert` for the instance attributes).
    public static let layer = ShaderProgramDescriptor(
        name: "layer", vertexShader: "layer.vert", fragmentShader: "layer.frag", header: InstanceLayout.glslHeader)

    /// The layer program for square-cornered, unclipped instances (`PLAIN`): colour or contents only,
    /// with a third of the varyings, so the bulk of a scene costs the rasteriser least.
    public static let plainLayer = ShaderProgramDescriptor(
        name: "layer-plain", vertexShader: "layer.vert", fragmentShader: "layer.frag", defines: ["PLAIN"],
        header: InstanceLayout.glslHeader)

    /// The layer program for contents at full strength, square and unclipped (`BLIT`): the texel is the
    /// colour, through one smooth varying. Drawn as two-triangle rectangles into a BGRA target, this is
    /// what Mesa's llvmpipe shades on its fast "linear" path.
    public static let blitLayer = ShaderProgramDescriptor(
        name: "layer-blit", vertexShader: "layer.vert", fragmentShader: "layer.frag", defines: ["BLIT"],
        header: InstanceLayout.glslHeader)

    /// The layer program for colour fills, square and unclipped (`FILL`): the colour is the only
    /// varying, smooth. Drawn as two-triangle rectangles into a BGRA target, llvmpipe shades these on
    /// its linear path too, so backgrounds under translucent contents leave the contents' tiles there.
    public static let fillLayer = ShaderProgramDescriptor(
        name: "layer-fill", vertexShader: "layer.vert", fragmentShader: "layer.frag", defines: ["FILL"],
        header: InstanceLayout.glslHeader)

    /// The layer program that composites a group with a blend mode (`BLEND_ADVANCED`): the full build,
    /// declaring `GL_KHR_blend_equation_advanced`'s equations. Built where the driver has the
    /// extension (llvmpipe does).
    public static let blendLayer = ShaderProgramDescriptor(
        name: "layer-blend", vertexShader: "layer.vert", fragmentShader: "layer.frag", defines: ["BLEND_ADVANCED"],
        header: InstanceLayout.glslHeader)

    /// One direction of a separable Gaussian blur over a texture (shadows, blur filters), or with no
    /// taps a copy (the steps down of a downsampled blur).
    public static let blur = ShaderProgramDescriptor(
        name: "blur", vertexShader: "blur.vert", fragmentShader: "blur.frag")

    /// A 4x5 colour matrix over a whole image (a layer's colour filters).
    public static let colorMatrix = ShaderProgramDescriptor(
        name: "color-matrix", vertexShader: "blur.vert", fragmentShader: "color-matrix.frag")

    /// Every program.
    public static let all: [ShaderProgramDescriptor] = [
        .quad, .layer, .plainLayer, .blitLayer, .fillLayer, .blendLayer, .blur, .colorMatrix,
    ]

    /// The program's name.
    public var description: String { name }
}
