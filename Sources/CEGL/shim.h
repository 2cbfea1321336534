// EGL with its extension prototypes, without Xlib (libglvnd's headers pull it in otherwise).
#define EGL_NO_X11 1
#define EGL_EGLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
