#version 300 es
// The quad's colour: premultiplied alpha in, premultiplied alpha out, so blending is
// glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA) as Core Animation composites.
// u_color is premultiplied by the caller (a colour, or for a texture a tint that carries opacity in
// all four channels); textures hold premultiplied texels.

precision highp float;

in vec2 v_texcoord;

uniform bool u_textured;
uniform sampler2D u_texture;
uniform vec4 u_color;

out vec4 o_color;

void main() {
    vec4 texel = u_textured ? texture(u_texture, v_texcoord) : vec4(1.0);
    o_color = texel * u_color;
}
