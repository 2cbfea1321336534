// OpenGL ES 3.2 core (glvnd's libGLESv2 exports core symbols only; extensions via eglGetProcAddress).
#include <GLES3/gl32.h>
#include <GLES2/gl2ext.h>
