// The CPU's FP32 FMA peak on one core: twelve independent multiply-add chains per vector width,
// enough to cover the FMA latency on every current x86 core. Prints "<bits> <GFLOP/s>" per width.
#include <stdio.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

#define PEAK(W)                                                                                       \
    {                                                                                                 \
        typedef float v __attribute__((vector_size(W * 4)));                                          \
        volatile float one = 0.9999999f, tiny = 1e-7f;                                                \
        v x = (v){0} + one, y = (v){0} + tiny;                                                        \
        v a0 = y, a1 = y, a2 = y, a3 = y, a4 = y, a5 = y, a6 = y, a7 = y, a8 = y, a9 = y, a10 = y, a11 = y; \
        const long n = 20000000;                                                                      \
        double t0 = now();                                                                            \
        for (long r = 0; r < n; r++) {                                                                \
            a0 = a0 * x + y; a1 = a1 * x + y; a2 = a2 * x + y; a3 = a3 * x + y;                       \
            a4 = a4 * x + y; a5 = a5 * x + y; a6 = a6 * x + y; a7 = a7 * x + y;                       \
            a8 = a8 * x + y; a9 = a9 * x + y; a10 = a10 * x + y; a11 = a11 * x + y;                   \
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
