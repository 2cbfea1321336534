#version 300 es
// The quad: one layer-shaped rectangle, coloured or textured. Positions are in the layer's own space
// (points); u_matrix takes them all the way to clip space, so perspective (w != 1) comes out of the
// same multiply. u_matrix is column-major, as LaminaCore.GPUMatrix lays it out.

layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_texcoord;

uniform mat4 u_matrix;

out vec2 v_texcoord;

void main() {
    v_texcoord = a_texcoord;
    gl_Position = u_matrix * vec4(a_position, 0.0, 1.0);
}
