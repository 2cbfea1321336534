// The header's functions are static inline; this file gives the target a source to build.
#include "CLaminaMath.h"
