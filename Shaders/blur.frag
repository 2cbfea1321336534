#version 300 es
// One direction of a separable Gaussian blur (a shadow's shape): run horizontally, then vertically.
// Weights are computed here from sigma and normalised over the taps taken, so any radius stays
// energy-preserving. Premultiplied texels blur correctly as they are.

precision highp float;

in vec2 v_uv;

uniform sampler2D u_source;
uniform vec2 u_step;      // one texel along the blur direction, in texture coordinates
uniform float u_sigma;    // standard deviation in texels
uniform int u_radius;     // taps on each side of the centre

out vec4 o_color;

void main() {
    vec4 sum = texture(u_source, v_uv);
    float total = 1.0;
    float k = -0.5 / (u_sigma * u_sigma);
    for (int i = 1; i <= u_radius; i++) {
        float w = exp(float(i * i) * k);
        vec2 offset = u_step * float(i);
        sum += (texture(u_source, v_uv + offset) + texture(u_source, v_uv - offset)) * w;
        total += 2.0 * w;
    }
    o_color = sum / total;
}
