#version 300 es
// One instance per drawn rectangle of a layer: its background, a piece of its contents, its border, a
// clip shape written to the stencil buffer, or a composited offscreen group. Everything that differs
// between layers is a per-instance attribute, so any number of layers that share a texture draw in one
// call. Positions are in the instance's own space (a layer's points, or a target's pixels for a
// composite); i_matrix takes them to clip space, so perspective (w != 1) comes out of one multiply.

// The attributes (a_corner, then i_matrix0 ... i_clipRect, one per LayerInstance field) are declared
// by the header the renderer inserts after #version: InstanceLayout.glslHeader, written out in
// layer-instance.glsl.

// PLAIN (defined by the renderer for its second build of this program) leaves out everything a
// square-cornered, unclipped layer does not use: most layers, drawn with a third of the varyings.
// BLIT (the third build) goes further for contents drawn at full strength: the texture coordinate is
// the only varying, smooth, so a software rasteriser can take its fast path (see layer.frag). FILL (the
// fourth) does the same for colour fills: the colour is the only varying, and smooth, since Mesa's
// llvmpipe stops recognising rectangles for any draw with a flat one.
#ifdef FILL
out vec4 v_color;
#else
out vec2 v_uv;
#endif
#if !defined(BLIT) && !defined(FILL)
flat out vec4 v_color;
flat out vec4 v_params;
flat out float v_lodBias;
#endif
#if !defined(PLAIN) && !defined(BLIT) && !defined(FILL)
out vec2 v_local;
out vec3 v_clip;
flat out vec4 v_shape;
flat out vec4 v_clipRect;
flat out float v_clipRadius;
flat out float v_clipFlags;
flat out vec4 v_gradient;      // a gradient's start and end points in local space (TEXTURE_GRADIENT)
flat out vec3 v_gradientInfo;  // type, where its stop table starts (x + 1024 y), stop count
#endif

void main() {
    vec2 local = i_rect.xy + a_corner * i_rect.zw;
#ifdef FILL
    v_color = i_color;
#else
    v_uv = mix(i_uv.xy, i_uv.zw, a_corner);
#endif
#if !defined(BLIT) && !defined(FILL)
    v_color = i_color;
    v_params = i_params;
    v_lodBias = LOD_BIAS(i_sampling);
#endif
#if !defined(PLAIN) && !defined(BLIT) && !defined(FILL)
    v_local = local;
    v_clip = local.x * i_clipX.xyz + local.y * i_clipY.xyz + i_clipW.xyz;
    v_shape = i_shape;
    v_clipRect = i_clipRect;
    v_clipRadius = i_clipX.w;
    v_clipFlags = i_clipY.w;
    v_gradient = i_uv;
    v_gradientInfo = vec3(GRADIENT_TYPE(i_sampling), GRADIENT_ORIGIN(i_sampling), GRADIENT_COUNT(i_sampling));
#endif
    gl_Position = mat4(i_matrix0, i_matrix1, i_matrix2, i_matrix3) * vec4(local, 0.0, 1.0);
}
