#version 300 es
// One direction of a separable Gaussian blur (a shadow's shape): run horizontally, then vertically.
// The weights come from the renderer (`GaussianTaps`), normalised, two texels per fetch: a linear
// sample between texels i and i + 1, at the point their weights balance, is their weighted sum, so
// a kernel of 2r + 1 texels costs r + 1 fetches, and nothing is computed per tap. Premultiplied texels
// blur correctly as they are.

precision highp float;

in vec2 v_uv;

uniform sampler2D u_source;
uniform vec2 u_step;        // one texel along the blur direction, in texture coordinates
uniform float u_centre;     // the weight of the centre texel
uniform int u_count;        // pairs of texels on each side
uniform vec2 u_taps[48];    // per pair: the offset in texels where it is sampled, and its weight

out vec4 o_color;

void main() {
    vec4 sum = texture(u_source, v_uv) * u_centre;
    for (int i = 0; i < u_count; i++) {
        vec2 offset = u_step * u_taps[i].x;
        sum += (texture(u_source, v_uv + offset) + texture(u_source, v_uv - offset)) * u_taps[i].y;
    }
    o_color = sum;
}
