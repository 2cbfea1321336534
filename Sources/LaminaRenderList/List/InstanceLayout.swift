import LaminaCore

/// The layer program's per-instance attributes and named constants, as data: the one description from
/// which the renderer points its vertex attributes and the GLSL header `layer.vert` and `layer.frag`
/// are compiled with (`glslHeader`) both come, as Weston's `gl_shader_attrib_loc` and shader
/// requirements are tables rather than numbers repeated on both sides.
///
/// `Shaders/layer-instance.glsl` is that header written out, for readers and for `make check-shaders`
/// (glslangValidator reads files); a test fails when it differs from `glslHeader`, and
/// `LAMINA_REGENERATE=1 swift test --filter InstanceLayoutTests` writes it again.
public enum InstanceLayout {
    /// One `vec4` attribute of `LayerInstance`.
    public struct Attribute: Sendable {
        /// Its name in `layer.vert`.
        public let name: String
        /// Its attribute location.
        public let location: Int
        /// Its byte offset in a `LayerInstance`.
        public let offset: Int
        /// What it holds, for the header's reader.
        public let meaning: String
        /// Whether it is part of the matrix (`matrix0` to `matrix3`, the first 64 bytes), which the
        /// retained list's instances keep packed in a buffer of their own as well (see the renderer's
        /// `RetainedInstances`).
        public var isMatrix: Bool { offset < InstanceLayout.matrixBytes }
    }

    /// The bytes of a `LayerInstance`'s matrix, its first four fields: what a buffer of packed matrices
    /// holds per instance, at the same offsets.
    public static let matrixBytes = MemoryLayout<LayerInstance>.offset(of: \.rect)!

    /// The unit quad's corner, the one per-vertex attribute: (0,0) (1,0) (0,1) (1,1).
    public static let corner = (name: "a_corner", location: 0)

    /// The per-instance attributes, at locations 1, 2, ... in this order.
    public static let attributes: [Attribute] = {
        let fields: [(String, PartialKeyPath<LayerInstance>, String)] = [
            ("i_matrix0", \.matrix0, "local -> clip, column-major (LaminaCore.GPUMatrix)"),
            ("i_matrix1", \.matrix1, ""),
            ("i_matrix2", \.matrix2, ""),
            ("i_matrix3", \.matrix3, ""),
            ("i_rect", \.rect, "the quad: x, y, width, height in local space"),
            ("i_uv", \.uv, "texture coordinates at the quad's top-left and bottom-right"),
            ("i_color", \.color, "premultiplied colour, or tint (opacity in all four)"),
            ("i_shape", \.shape, "the rounded rectangle that shapes it: x, y, width, height"),
            ("i_params", \.params, "see the Param macros below"),
            ("i_clipX", \.clipX, "homography local -> clip layer (x row), w: clip radius"),
            ("i_clipY", \.clipY, "(y row), w: the clip's corner flags (CornerShape)"),
            ("i_clipW", \.clipW, "(constant row)"),
            ("i_clipRect", \.clipRect, "the clip layer's bounds; width < 0: no clip"),
            ("i_sampling", \.sampling, "see the Sampling macros below"),
        ]
        return fields.enumerated().map { index, field in
            Attribute(
                name: field.0, location: index + 1, offset: MemoryLayout<LayerInstance>.offset(of: field.1)!,
                meaning: field.2)
        }
    }()

    /// The GLSL declarations and constants both layer shaders are compiled with, inserted after their
    /// `#version` line: the attribute locations, the texture modes and the names of `params`' parts.
    public static let glslHeader: String = {
        var lines = ["// Generated from LaminaRender's InstanceLayout: edit that, not this."]
        lines.append("#ifdef VERTEX_SHADER")
        lines.append("layout(location = \(corner.location)) in vec2 \(corner.name);")
        for a in attributes {
            let declaration = "layout(location = \(a.location)) in vec4 \(a.name);"
            lines.append(a.meaning.isEmpty ? declaration : declaration + "  // " + a.meaning)
        }
        lines.append("#endif")
        lines.append("// How the bound texture contributes (LayerInstance.TextureMode).")
        for mode in LayerInstance.TextureMode.allCases {
            lines.append("#define TEXTURE_\(String(describing: mode).uppercased()) \(mode.rawValue)")
        }
        lines.append("// The parts of i_params (and v_params), by name (LayerInstance.Param).")
        for param in LayerInstance.Param.allCases {
            lines.append("#define \(param.glslName)(p) (p).\(param.component)")
        }
        lines.append("// The parts of i_sampling, by name (LayerInstance.Sampling).")
        for part in LayerInstance.Sampling.allCases {
            lines.append("#define \(macroName(String(describing: part)))(s) (s).\(Array("xyzw")[part.rawValue])")
        }
        lines.append("// What u_secondMode makes of the second texture (SecondMode).")
        for mode in SecondMode.allCases {
            lines.append("#define SECOND_\(macroName(String(describing: mode))) \(mode.rawValue)")
        }
        lines.append("// A gradient's type (LaminaCore's GradientType: gradientType's wire numbers).")
        for type in GradientType.allCases {
            lines.append("#define GRADIENT_\(macroName(String(describing: type))) \(type.rawValue)")
        }
        lines.append("// A shape's corner flags (CornerShape.Flags): less CORNERS_SHAPED, the bits below.")
        lines.append("#define CORNERS_SHAPED \(CornerShape.Flags.shaped)")
        for corner in CornerShape.Flags.squareCorners {
            lines.append("#define CORNER_SQUARE_\(macroName(corner.name)) \(corner.bit)")
        }
        lines.append("#define CORNERS_CONTINUOUS \(CornerShape.Flags.continuous)")
        lines.append("#define CORNERS_HARD_EDGES \(CornerShape.Flags.hardEdges)")
        return lines.joined(separator: "\n") + "\n"
    }()
}

/// What the layer program's `u_secondMode` makes of the second texture (`u_second`), set per composite.
public enum SecondMode: Int32, CaseIterable, Sendable {
    /// No second texture.
    case none = 0
    /// The second texture is a mask: its alpha multiplies the first's.
    case mask = 1
    /// A cross-fade from the second texture to the first by `u_mix` (a transition).
    case crossFade = 2
}

/// A Swift name as a GLSL macro's: `cornerRadius` → `CORNER_RADIUS`.
func macroName(_ swiftName: String) -> String {
    swiftName.reduce(into: "") { name, c in
        if c.isUppercase { name += "_" }
        name += c.uppercased()
    }
}

extension LayerInstance.Param {
    /// The GLSL macro naming this part: `cornerRadius` → `CORNER_RADIUS`.
    var glslName: String { macroName(String(describing: self)) }

    /// The vector component holding it.
    var component: Character { Array("xyzw")[rawValue] }
}
