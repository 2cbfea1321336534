import Shaders
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

    /// The layer program's variants, from the one table of them (`Shaders/layer-variants.txt`, which
    /// `make check-shaders` validates too): instanced rounded-rectangle fills, borders, contents pieces,
    /// stencil clip shapes and offscreen composites (see `layer.vert` for the instance attributes), each
    /// variant built with its symbol defined.
    public static let layerVariants: [ShaderProgramDescriptor] = ShaderSources.layerVariants.map {
        ShaderProgramDescriptor(
            name: $0.name, vertexShader: "layer.vert", fragmentShader: "layer.frag", defines: $0.define.map { [$0] } ?? [],
            header: InstanceLayout.glslHeader)
    }

    /// The layer variant named `name` in the table.
    static func layerVariant(_ name: String) -> ShaderProgramDescriptor {
        guard let variant = layerVariants.first(where: { $0.name == name }) else {
            preconditionFailure("Shaders/layer-variants.txt has no \(name)")
        }
        return variant
    }

    /// Everything: rounded shapes, borders, clips, masks, transitions, stencil shapes.
    public static let layer = layerVariant("layer")
    /// Square-cornered, unclipped instances (`PLAIN`): colour or contents only, with a third of the
    /// varyings, so the bulk of a scene costs the rasteriser least.
    public static let plainLayer = layerVariant("layer-plain")
    /// Contents at full strength, square and unclipped (`BLIT`): the texel is the colour, through one
    /// smooth varying. Drawn as two-triangle rectangles into a BGRA target, this is what Mesa's
    /// llvmpipe shades on its fast "linear" path.
    public static let blitLayer = layerVariant("layer-blit")
    /// Colour fills, square and unclipped (`FILL`): the colour is the only varying, smooth; llvmpipe's
    /// linear path too, so backgrounds under translucent contents leave the contents' tiles there.
    public static let fillLayer = layerVariant("layer-fill")
    /// Composites of a group with a blend mode (`BLEND_ADVANCED`): the full build, declaring
    /// `GL_KHR_blend_equation_advanced`'s equations. Built where the driver has the extension.
    public static let blendLayer = layerVariant("layer-blend")

    /// One direction of a separable Gaussian blur over a texture (shadows, blur filters), or with no
    /// taps a copy (the steps down of a downsampled blur).
    public static let blur = ShaderProgramDescriptor(
        name: "blur", vertexShader: "blur.vert", fragmentShader: "blur.frag")

    /// A 4x5 colour matrix over a whole image (a layer's colour filters).
    public static let colorMatrix = ShaderProgramDescriptor(
        name: "color-matrix", vertexShader: "blur.vert", fragmentShader: "color-matrix.frag")

    /// Every program.
    public static let all: [ShaderProgramDescriptor] = [.quad] + layerVariants + [.blur, .colorMatrix]

    /// The program's name.
    public var description: String { name }
}
