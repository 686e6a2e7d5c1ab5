// The library baseline, as the primer's numpy: two OpenBLAS sgemm calls on one thread with exp
// between them, taking the kernel's arguments.
#include <cblas.h>
#include <math.h>
#include <stddef.h>

void mlc_openblas(int m, int k, int n, int p, const float *a, const float *b, const float *e, float *d, float *f) {
    openblas_set_num_threads(1);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a, k, b, n, 0.0f, d, n);
    for (size_t i = 0; i < (size_t)m * n; i++) d[i] = expf(d[i]);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, p, n, 1.0f, d, n, e, p, 0.0f, f, p);
}
