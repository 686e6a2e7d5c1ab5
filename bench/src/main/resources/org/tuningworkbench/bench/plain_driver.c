// The peer part's plain driver: a config's kernel (the source with its values substituted) linked into this
// program, built with the project's flags, neither tool's harness. It fills A and B with values in [-1, 1),
// calls sgemm once untimed (the first touch of C and of the kernel's packed blocks), then times CALLS calls
// one by one with the monotonic clock and prints each in milliseconds, one a line.
//   plain_driver M N K CALLS
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void sgemm(int m, int n, int k, const float *a, const float *b, float *c);

static float *filled(size_t count, unsigned *state) {
    float *p = aligned_alloc(64, (count * sizeof(float) + 63) / 64 * 64);
    if (!p) { fprintf(stderr, "out of memory\n"); exit(2); }
    for (size_t i = 0; i < count; i++) {
        *state = *state * 1664525u + 1013904223u;
        p[i] = (float)(*state >> 8) / (float)(1u << 24) * 2.0f - 1.0f;
    }
    return p;
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: %s M N K CALLS\n", argv[0]); return 2; }
    int m = atoi(argv[1]), n = atoi(argv[2]), k = atoi(argv[3]), calls = atoi(argv[4]);
    unsigned state = 1;
    float *a = filled((size_t)m * k, &state), *b = filled((size_t)k * n, &state), *c = filled((size_t)m * n, &state);
    sgemm(m, n, k, a, b, c);
    for (int i = 0; i < calls; i++) {
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        sgemm(m, n, k, a, b, c);
        clock_gettime(CLOCK_MONOTONIC, &end);
        printf("%.6f\n", (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6);
    }
    return 0;
}
