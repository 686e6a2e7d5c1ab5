// The library baseline: the system OpenBLAS sgemm on one thread, with the same arguments as the
// matmul-tiling example. It reports which OpenBLAS kernel it runs on stderr.
#include <stdio.h>
#include <cblas.h>

__attribute__((constructor)) static void report_openblas(void) {
    openblas_set_num_threads(1);
    fprintf(stderr, "openblas_core %s\nopenblas_config %s\n", openblas_get_corename(), openblas_get_config());
}

void sgemm_blas(int m, int n, int k, const float *a, const float *b, float *c) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0f, a, k, b, n, 0.0f, c, n);
}
