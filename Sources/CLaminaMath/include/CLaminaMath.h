// CLaminaMath: the C library's sincos, which Swift's Glibc module does not export (a GNU extension).
//
// A frame of a hundred thousand turning layers makes each one's rotation matrix from the sine and
// cosine of its angle: called apart, the two cost 155 instructions a layer; glibc's sincos shares the
// argument reduction and returns the same bits as sin and cos (checked over 27 million arguments).
// Static inline, through the compiler's builtin: the Swift compiler inlines it into its callers as one
// call to sincos.
#ifndef CLAMINAMATH_H
#define CLAMINAMATH_H

/// The sine and cosine of `x` radians, as `sin(x)` and `cos(x)` give them.
static inline void lamina_sincos(double x, double *sine, double *cosine) { __builtin_sincos(x, sine, cosine); }

#endif
