// The library baseline: the system OpenBLAS sgemm on one thread, with the same arguments as the
// matmul-tiling example. The harness reports which OpenBLAS kernels it runs.
#include <cblas.h>

void sgemm_blas(int m, int n, int k, const float *a, const float *b, float *c) {
    openblas_set_num_threads(1);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a, k, b, n, 0.0f, c, n);
}
