// Generated from LaminaRender's InstanceLayout: edit that, not this.
#ifdef VERTEX_SHADER
layout(location = 0) in vec2 a_corner;
layout(location = 1) in vec4 i_matrix0;  // local -> clip, column-major (LaminaCore.GPUMatrix)
layout(location = 2) in vec4 i_matrix1;
layout(location = 3) in vec4 i_matrix2;
layout(location = 4) in vec4 i_matrix3;
layout(location = 5) in vec4 i_rect;  // the quad: x, y, width, height in local space
layout(location = 6) in vec4 i_uv;  // texture coordinates at the quad's top-left and bottom-right
layout(location = 7) in vec4 i_color;  // premultiplied colour, or tint (opacity in all four)
layout(location = 8) in vec4 i_shape;  // the rounded rectangle that shapes it: x, y, width, height
layout(location = 9) in vec4 i_params;  // see the Param macros below
layout(location = 10) in vec4 i_clipX;  // homography local -> clip layer (x row), w: clip radius
layout(location = 11) in vec4 i_clipY;  // (y row), w: the clip's corner flags (CornerShape)
layout(location = 12) in vec4 i_clipW;  // (constant row)
layout(location = 13) in vec4 i_clipRect;  // the clip layer's bounds; width < 0: no clip
layout(location = 14) in vec4 i_sampling;  // see the Sampling macros below
#endif
// How the bound texture contributes (LayerInstance.TextureMode).
#define TEXTURE_NONE 0.0
#define TEXTURE_RGBA 1.0
#define TEXTURE_ALPHA 2.0
#define TEXTURE_RED 3.0
#define TEXTURE_GREEN 4.0
#define TEXTURE_GRADIENT 5.0
// The parts of i_params (and v_params), by name (LayerInstance.Param).
#define CORNER_RADIUS(p) (p).x
#define BORDER_WIDTH(p) (p).y
#define TEXTURE_MODE(p) (p).z
#define SHAPED(p) (p).w
// The parts of i_sampling, by name (LayerInstance.Sampling).
#define LOD_BIAS(s) (s).x
#define GRADIENT_TYPE(s) (s).y
#define GRADIENT_ORIGIN(s) (s).z
#define GRADIENT_COUNT(s) (s).w
// What u_secondMode makes of the second texture (SecondMode).
#define SECOND_NONE 0
#define SECOND_MASK 1
#define SECOND_CROSS_FADE 2
// A gradient's type (LaminaCore's GradientType: gradientType's wire numbers).
#define GRADIENT_AXIAL 0
#define GRADIENT_RADIAL 1
#define GRADIENT_CONIC 2
// A shape's corner flags (CornerShape.Flags): less CORNERS_SHAPED, the bits below.
#define CORNERS_SHAPED 1
#define CORNER_SQUARE_TOP_LEFT 1
#define CORNER_SQUARE_TOP_RIGHT 2
#define CORNER_SQUARE_BOTTOM_LEFT 4
#define CORNER_SQUARE_BOTTOM_RIGHT 8
#define CORNERS_CONTINUOUS 16
#define CORNERS_HARD_EDGES 32
