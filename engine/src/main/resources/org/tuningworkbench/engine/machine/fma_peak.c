// The CPU's FP32 FMA peak on one core: twelve independent multiply-add chains per vector width,
// enough to cover the FMA latency on every current x86 core. Prints "<bits> <GFLOP/s>" per width.
// Each chain starts from its own value and passes through an empty asm statement at every step:
// chains alike from the start would be merged into one by the compiler, and a loop it can see
// through may be shortened, either of which reports a peak the core does not have.
#include <stdio.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

// The value is in a vector register here, and the compiler knows nothing of it afterwards.
#define OPAQUE(r) __asm__("" : "+v"(r))

#define PEAK(W)                                                                                       \
    {                                                                                                 \
        typedef float v __attribute__((vector_size(W * 4)));                                          \
        volatile float one = 0.9999999f, tiny = 1e-7f;                                                \
        v x = (v){0} + one, y = (v){0} + tiny;                                                        \
        v a0 = y, a1 = y + 1, a2 = y + 2, a3 = y + 3, a4 = y + 4, a5 = y + 5, a6 = y + 6, a7 = y + 7;   \
        v a8 = y + 8, a9 = y + 9, a10 = y + 10, a11 = y + 11;                                         \
        const long n = 20000000;                                                                      \
        double t0 = now();                                                                            \
        for (long r = 0; r < n; r++) {                                                                \
            a0 = a0 * x + y; a1 = a1 * x + y; a2 = a2 * x + y; a3 = a3 * x + y;                       \
            a4 = a4 * x + y; a5 = a5 * x + y; a6 = a6 * x + y; a7 = a7 * x + y;                       \
            a8 = a8 * x + y; a9 = a9 * x + y; a10 = a10 * x + y; a11 = a11 * x + y;                   \
            OPAQUE(a0); OPAQUE(a1); OPAQUE(a2); OPAQUE(a3); OPAQUE(a4); OPAQUE(a5);                   \
            OPAQUE(a6); OPAQUE(a7); OPAQUE(a8); OPAQUE(a9); OPAQUE(a10); OPAQUE(a11);                 \
        }                                                                                             \
        double t = now() - t0;                                                                        \
        v s = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11;                            \
        printf("%d %.3f %g\n", W * 32, 2.0 * W * 12 * n / t / 1e9, (double)s[0]);                     \
    }

int main(void) {
    PEAK(8)
#ifdef __AVX512F__
    PEAK(16)
#endif
    return 0;
}
