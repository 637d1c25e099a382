/* A stand-in for api-ms-win-crt-math-l1-1-0.dll, for the Wine test prefix only (never shipped).
 *
 * numpy 2 calls the C99 complex functions of Windows 10's Universal CRT (cexp, cpow, crealf…);
 * in Wine 8 and 10 they are stubs that end the process ("unimplemented function
 * ucrtbase.dll.crealf"). This DLL answers them with mingw-w64's own (libmingwex) and forwards
 * every other function of the API set to Wine's ucrtbase.dll (crt_math.def, made by build.sh
 * from Wine's own export list). The Microsoft types: _Fcomplex is two floats (8 bytes, passed
 * and returned in a register), _Dcomplex and _Lcomplex two doubles (16 bytes, by reference;
 * long double is double there). */
#include <complex.h>

typedef struct { double v[2]; } dcomplex;
typedef struct { float v[2]; } fcomplex;

static double _Complex d_in(dcomplex z) { return __builtin_complex(z.v[0], z.v[1]); }
static float _Complex f_in(fcomplex z) { return __builtin_complex(z.v[0], z.v[1]); }
static dcomplex d_out(double _Complex z) { dcomplex r = {{creal(z), cimag(z)}}; return r; }
static fcomplex f_out(float _Complex z) { fcomplex r = {{crealf(z), cimagf(z)}}; return r; }

#define ONE_ARGUMENT(name) \
    dcomplex stand_in_##name(dcomplex z) { return d_out(name(d_in(z))); } \
    fcomplex stand_in_##name##f(fcomplex z) { return f_out(name##f(f_in(z))); } \
    dcomplex stand_in_##name##l(dcomplex z) { return d_out(name(d_in(z))); }
#define REAL_RESULT(name) \
    double stand_in_##name(dcomplex z) { return name(d_in(z)); } \
    float stand_in_##name##f(fcomplex z) { return name##f(f_in(z)); } \
    double stand_in_##name##l(dcomplex z) { return name(d_in(z)); }

ONE_ARGUMENT(cacos) ONE_ARGUMENT(cacosh) ONE_ARGUMENT(casin) ONE_ARGUMENT(casinh)
ONE_ARGUMENT(catan) ONE_ARGUMENT(catanh) ONE_ARGUMENT(ccos) ONE_ARGUMENT(ccosh)
ONE_ARGUMENT(cexp) ONE_ARGUMENT(clog) ONE_ARGUMENT(conj) ONE_ARGUMENT(cproj)
ONE_ARGUMENT(csin) ONE_ARGUMENT(csinh) ONE_ARGUMENT(csqrt) ONE_ARGUMENT(ctan)
ONE_ARGUMENT(ctanh)
REAL_RESULT(cabs) REAL_RESULT(carg) REAL_RESULT(cimag) REAL_RESULT(creal)

dcomplex stand_in_cpow(dcomplex a, dcomplex b) { return d_out(cpow(d_in(a), d_in(b))); }
fcomplex stand_in_cpowf(fcomplex a, fcomplex b) { return f_out(cpowf(f_in(a), f_in(b))); }
dcomplex stand_in_cpowl(dcomplex a, dcomplex b) { return d_out(cpow(d_in(a), d_in(b))); }
