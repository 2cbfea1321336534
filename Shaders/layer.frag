#version 300 es
// The texture modes (TEXTURE_NONE, TEXTURE_RGBA, TEXTURE_ALPHA) and the parts of v_params
// (CORNER_RADIUS, BORDER_WIDTH, TEXTURE_MODE, SHAPED) are named by the header the renderer inserts
// after #version (InstanceLayout.glslHeader, written out in layer-instance.glsl). Flat varyings arrive
// exactly as written, so modes compare with ==.
//
// Premultiplied colour in, premultiplied colour out (glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA)), as
// Core Animation composites. Shapes are signed distance fields of rounded rectangles, so corners and
// clips are anti-aliased under any transform: coverage is the distance divided by its screen-space
// gradient. Derivatives are only taken under conditions that are flat per instance (uniform across a
// primitive), where they are well defined.

#ifdef BLEND_ADVANCED
// The build that composites a group with a blend mode (compositingFilter): the blending hardware (or
// Mesa's lowering of it) applies the W3C formulas with glBlendEquation.
#extension GL_KHR_blend_equation_advanced : require
#endif

precision highp float;

#ifdef BLEND_ADVANCED
layout(blend_support_all_equations) out;
// plusDarker: what the blend subtracts from what is behind (GL_FUNC_REVERSE_SUBTRACT): the colour's
// complement weighted by its alpha, so R = max(0, D - (As - S)), Core Graphics' max(0, D + S - 1)
// where the layer is opaque, and D untouched where it is transparent; alpha stays the backdrop's.
uniform bool u_complement;
#endif

#ifdef BLIT
// Contents at full strength, square, unclipped: the texel is the colour. Kept to exactly what Mesa's
// llvmpipe recognises as a "linear" shader (a texture fetch straight from one smooth varying, through
// a highp sampler: the default lowp one inserts float16 conversions that disqualify it), so runs of
// such layers drawn as rectangles of two triangles into a BGRA target are shaded by its 8-bit span
// code, several times faster than the general path. Other GPUs simply run a trivial shader.
precision highp sampler2D;
in vec2 v_uv;
uniform sampler2D u_texture;
out vec4 o_color;

void main() {
    o_color = texture(u_texture, v_uv);
}
#elif defined(FILL)
// A colour fill, square, unclipped: the colour is the output, through one smooth varying (equal at
// every corner). Mesa's llvmpipe shades it on its linear path like BLIT, where the PLAIN build's flat
// varyings would turn off its rectangle detection for the draw, and with it the linear path for every
// 64x64 tile the draw touches (the contents drawn over a background included).
in vec4 v_color;
out vec4 o_color;

void main() {
    o_color = v_color;
}
#else
// highp: a gradient's stop table is a float texture, its locations read exactly.
precision highp sampler2D;
in vec2 v_uv;
flat in vec4 v_color;
flat in vec4 v_params;
flat in float v_lodBias;       // minificationFilterBias (0 unless sampled trilinear)

uniform sampler2D u_texture;   // unit 0: contents, or an offscreen group

out vec4 o_color;

#ifdef PLAIN
// Square corners, no clip: colour, contents or coverage (text, shapes). The common case, and the
// cheapest.
void main() {
    float mode = TEXTURE_MODE(v_params);
    if (mode == TEXTURE_RGBA) {
        o_color = v_color * texture(u_texture, v_uv, v_lodBias);
    } else if (mode == TEXTURE_RED) {
        o_color = v_color * texture(u_texture, v_uv).r;
    } else if (mode == TEXTURE_GREEN) {
        o_color = v_color * texture(u_texture, v_uv).g;
    } else {
        o_color = v_color;
    }
}
#else
in vec2 v_local;
in vec3 v_clip;
flat in vec4 v_shape;
flat in vec4 v_clipRect;
flat in float v_clipRadius;
flat in float v_clipFlags;
flat in vec4 v_gradient;
flat in vec3 v_gradientInfo;

uniform sampler2D u_second;    // unit 1: a mask (its alpha multiplies) or a transition's old appearance
uniform int u_secondMode;      // SECOND_NONE, SECOND_MASK, or SECOND_CROSS_FADE from u_second to this by u_mix
uniform float u_mix;
uniform bool u_stencilOnly;    // writing a clip shape: keep pixels at least half covered, colour masked

// How much of a pixel lies inside signed distance d (negative inside): a one pixel wide ramp.
float ramp(float d) {
    float w = length(vec2(dFdx(d), dFdy(d)));
    return w > 0.0 ? clamp(0.5 - d / w, 0.0, 1.0) : step(d, 0.0);
}

// Whether the pixel's centre lies inside signed distance d, or within a sixteenth of a pixel outside:
// all or nothing, as rasterisation decides (CornerShape's hard edges).
float hardEdge(float d) {
    float w = length(vec2(dFdx(d), dFdy(d)));
    return w > 0.0 ? step(d / w, 0.0625) : step(d, 0.0);
}

// How much of the pixel at p lies inside a rectangle inset by `inset` on every side, its corners
// rounded by radius - inset (radius clamped to half the shorter side, as Core Animation clamps
// cornerRadius). `flags` (CornerShape) say which corners stay square (maskedCorners) and whether the
// rounded ones are continuous (cornerCurve); 0 means every corner circular. Straight edges use each
// axis's own distance, so square corners stay exact; a circular corner uses the distance to the arc, a
// continuous one the superellipse |u|^3 + |v|^3 = 1 spanning 1.528 radius along each edge. Each is
// divided by its screen-space gradient: a one pixel wide ramp across the edge under any transform.
float shapeCoverage(vec2 p, vec4 rect, float radius, float inset, float flags) {
    int f = max(int(flags) - CORNERS_SHAPED, 0);
    // Hard outer edges (a face in a 3D space that does not antialias): in or out by the pixel's
    // centre, a sixteenth of a pixel outside counting as in, so two faces meeting at an edge both
    // cover the pixels on it. A border's inner edge stays smooth: it lies inside the face.
    bool hard = (f & CORNERS_HARD_EDGES) != 0 && inset == 0.0;
    vec2 center = rect.xy + rect.zw * 0.5;
    vec2 halfSize = rect.zw * 0.5 - inset;
    vec2 q = abs(p - center) - halfSize;
    // The corner this pixel is nearest: 0 top left (minX, minY; y runs down), 1 top right, 2 bottom
    // left, 3 bottom right, the order of the CORNER_SQUARE_ bits, so its bit is 1 << corner.
    int corner = (p.x > center.x ? 1 : 0) + (p.y > center.y ? 2 : 0);
    bool square = ((f >> corner) & 1) == 1;
    float r = square ? 0.0 : clamp(radius - inset, 0.0, max(min(halfSize.x, halfSize.y), 0.0));
    float edges = hard ? hardEdge(q.x) * hardEdge(q.y) : ramp(q.x) * ramp(q.y);
    float rounded;
    if ((f & CORNERS_CONTINUOUS) != 0) {
        float a = min(1.528 * r, max(min(halfSize.x, halfSize.y), 0.0));
        vec2 u = max(q + a, 0.0) / max(a, 1e-6);
        // The implicit function divided by its gradient: the distance to the curve near it, in local
        // units (far inside, where the gradient vanishes, very negative), over the pixel's size in
        // local units: the superellipse's distance is no field a screen derivative can follow.
        float implicit = u.x * u.x * u.x + u.y * u.y * u.y - 1.0;
        float distance = implicit / max(length(3.0 * u * u / max(a, 1e-6)), 1e-6);
        float unitsPerPixel = 0.5 * (length(dFdx(p)) + length(dFdy(p)));
        rounded = unitsPerPixel > 0.0 ? (hard ? step(distance / unitsPerPixel, 0.0625) : clamp(0.5 - distance / unitsPerPixel, 0.0, 1.0))
                                      : step(distance, 0.0);
    } else {
        vec2 k = q + r;
        float d = length(max(k, 0.0)) + min(max(k.x, k.y), 0.0) - r;
        rounded = hard ? hardEdge(d) : ramp(d);
    }
    return (halfSize.x <= 0.0 || halfSize.y <= 0.0) ? 0.0 : (r > 0.0 ? min(edges, rounded) : edges);
}

// The gradient's premultiplied colour at p (local space): its position t along the gradient by type
// (0 axial, 1 radial, 2 conic; start and end points in v_gradient), then the stop table in u_texture
// (one row from the table's origin: each straight-alpha colour, then its location in red),
// interpolated linearly between neighbouring locations in straight alpha, the end colours extending
// beyond them (GradientStops).
vec4 stopColor(ivec2 origin, int i) { return texelFetch(u_texture, origin + ivec2(2 * i, 0), 0); }
float stopLocation(ivec2 origin, int i) { return texelFetch(u_texture, origin + ivec2(2 * i + 1, 0), 0).r; }

vec4 gradientColor(vec2 p) {
    int type = int(v_gradientInfo.x + 0.5);
    int originIndex = int(v_gradientInfo.y);
    ivec2 origin = ivec2(originIndex % 1024, originIndex / 1024);
    int n = int(v_gradientInfo.z);
    vec2 s = v_gradient.xy;
    vec2 d = v_gradient.zw - s;
    float t;
    if (type == GRADIENT_AXIAL) {
        float length2 = dot(d, d);
        t = length2 > 0.0 ? dot(p - s, d) / length2 : 0.0;
    } else if (type == GRADIENT_RADIAL) {
        vec2 q = p - s;
        vec2 r = abs(d);
        // A zero radius: only the centre line is inside.
        vec2 u = vec2(r.x > 0.0 ? q.x / r.x : (q.x == 0.0 ? 0.0 : 1e6), r.y > 0.0 ? q.y / r.y : (q.y == 0.0 ? 0.0 : 1e6));
        // The focus (after the stops; within 0.99 of the ellipse): t solves |u - f (1 - t)| = t, the
        // circle about f (1 - t) of radius t growing from the focus to the unit circle
        // (GradientStops.radialPosition).
        vec2 f = texelFetch(u_texture, origin + ivec2(2 * n, 0), 0).xy;
        if (f.x == 0.0 && f.y == 0.0) {
            t = length(u);
        } else {
            vec2 w = u - f;
            float b = dot(w, f);
            float a = 1.0 - dot(f, f);
            t = (b + sqrt(b * b + a * dot(w, w))) / a;
        }
    } else {
        vec2 q = p - s;
        float start = (d.x == 0.0 && d.y == 0.0) ? 0.0 : atan(d.y, d.x);
        float angle = (q.x == 0.0 && q.y == 0.0) ? start : atan(q.y, q.x);
        t = fract((angle - start) / 6.283185307179586);
    }
    vec4 c = stopColor(origin, n - 1);
    if (t <= stopLocation(origin, 0)) {
        c = stopColor(origin, 0);
    } else {
        for (int i = 0; i < n - 1; i++) {
            float l0 = stopLocation(origin, i);
            float l1 = stopLocation(origin, i + 1);
            if (t >= l0 && t < l1) {
                c = mix(stopColor(origin, i), stopColor(origin, i + 1), (t - l0) / (l1 - l0));
                break;
            }
        }
    }
    return vec4(c.rgb * c.a, c.a);
}

void main() {
    // The conditions below are flat per instance, so every pixel of a primitive takes the same path:
    // derivatives inside them are well defined, and plain layers skip the shape and clip work.
    vec4 color = v_color;
    if (TEXTURE_MODE(v_params) == TEXTURE_ALPHA) {
        color *= texture(u_texture, v_uv, v_lodBias).a;    // alpha only: a shadow's blurred shape
    } else if (TEXTURE_MODE(v_params) == TEXTURE_RGBA) {
        color *= texture(u_texture, v_uv, v_lodBias);      // contents, or an offscreen group
    } else if (TEXTURE_MODE(v_params) == TEXTURE_RED) {
        color *= texture(u_texture, v_uv).r;               // coverage: glyphs, a shape's fill
    } else if (TEXTURE_MODE(v_params) == TEXTURE_GREEN) {
        color *= texture(u_texture, v_uv).g;               // a shape's stroke
    } else if (TEXTURE_MODE(v_params) == TEXTURE_GRADIENT) {
        color *= gradientColor(v_local);
    }
    if (u_secondMode == SECOND_MASK) {
        color *= texture(u_second, v_uv).a;
    } else if (u_secondMode == SECOND_CROSS_FADE) {
        color = mix(texture(u_second, v_uv) * v_color, color, u_mix);
    }

    float cover = 1.0;
    if (SHAPED(v_params) >= 1.0) {
        float outer = shapeCoverage(v_local, v_shape, CORNER_RADIUS(v_params), 0.0, SHAPED(v_params));
        cover = outer;
        if (BORDER_WIDTH(v_params) > 0.0) {
            cover = max(outer - shapeCoverage(v_local, v_shape, CORNER_RADIUS(v_params), BORDER_WIDTH(v_params), SHAPED(v_params)), 0.0);
        }
    }
    if (v_clipRect.z >= 0.0) {
        cover *= shapeCoverage(v_clip.xy / v_clip.z, v_clipRect, v_clipRadius, 0.0, v_clipFlags);
    }
    if (u_stencilOnly && cover < 0.5) {
        discard;
    }
    // Outside a hard-edged face (its quad is a pixel wider than the face): no colour, and no depth
    // either, or the margin would hide the face beyond the shared edge.
    if (cover == 0.0 && SHAPED(v_params) >= 1.0 && ((int(SHAPED(v_params)) - CORNERS_SHAPED) & CORNERS_HARD_EDGES) != 0) {
        discard;
    }
    o_color = color * cover;
#ifdef BLEND_ADVANCED
    if (u_complement) {
        o_color = vec4(vec3(o_color.a) - o_color.rgb, 0.0);
    }
#endif
}
#endif
#endif
