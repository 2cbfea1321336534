#version 300 es
// A colour filter over a whole premultiplied image: CIColorMatrix's and SVG feColorMatrix's 4x5
// matrix on straight RGBA in 0...1 (every colour filter of a layer's filters is one), then clamped
// and premultiplied again, as SVG clamps between filter primitives.

precision highp float;

in vec2 v_uv;

uniform sampler2D u_source;
uniform vec4 u_rows[4];   // the matrix's rows: weights of R, G, B, A
uniform vec4 u_offset;    // the fifth column

out vec4 o_color;

void main() {
    vec4 texel = texture(u_source, v_uv);
    vec4 straight = texel.a > 0.0 ? vec4(texel.rgb / texel.a, texel.a) : vec4(0.0);
    vec4 result = clamp(
        vec4(dot(u_rows[0], straight), dot(u_rows[1], straight), dot(u_rows[2], straight), dot(u_rows[3], straight))
            + u_offset,
        0.0, 1.0);
    o_color = vec4(result.rgb * result.a, result.a);
}
