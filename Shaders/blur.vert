#version 300 es
// A full-target pass with no vertex buffer: four corners from gl_VertexID, drawn as a triangle strip.
// v_uv runs 0...1 across the source texture in GL's orientation, which is also the target's.

out vec2 v_uv;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    v_uv = corner;
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
