// The memory bandwidth one core reaches, as STREAM's triad measures it: a[i] = b[i] + s * c[i] over
// three arrays of doubles far larger than any cache, best of ten passes, 24 bytes counted per element
// (two loads and one store; the write-allocate read is not counted, as in STREAM). Prints "triad <GB/s>".
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1L << 24;  // 128 MiB an array by default
    double *a = aligned_alloc(64, n * sizeof(double));
    double *b = aligned_alloc(64, n * sizeof(double));
    double *c = aligned_alloc(64, n * sizeof(double));
    if (!a || !b || !c) {
        fprintf(stderr, "cannot allocate three arrays of %ld doubles\n", n);
        return 1;
    }
    for (long i = 0; i < n; i++) {
        a[i] = 0.0;
        b[i] = 1.0;
        c[i] = 2.0;
    }
    volatile double s = 3.0;
    double best = 1e30;
    for (int pass = 0; pass < 10; pass++) {
        double scalar = s;
        double t0 = now();
        for (long i = 0; i < n; i++) a[i] = b[i] + scalar * c[i];
        double t = now() - t0;
        if (t < best) best = t;
    }
    double check = 0;
    for (long i = 0; i < n; i += 4096) check += a[i];
    printf("triad %.3f %g\n", 24.0 * n / best / 1e9, check);
    return 0;
}
