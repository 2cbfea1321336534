// Images (RGBA pixels, PNG files) live in their own module so the client library can read PNG files
// without linking EGL and GLES; the renderer's users keep seeing them through LaminaRender.
@_exported public import LaminaImage
