// The golden result: both matmuls summed in double precision, so it is the most accurate of all the
// configs; D is rounded to float as the kernels store it, then multiplied by E. Rows of B and E are
// streamed (i-q-j order) so the reference takes seconds, not minutes.
#include <math.h>
#include <stdlib.h>

static void matmul_rows(int m, int n, int k, const float *a, const float *b, double *row, float *c, int apply_exp) {
    for (int i = 0; i < m; i++) {
        for (int j = 0; j < n; j++) row[j] = 0.0;
        for (int q = 0; q < k; q++) {
            const double aiq = a[(size_t)i * k + q];
            for (int j = 0; j < n; j++) row[j] += aiq * b[(size_t)q * n + j];
        }
        for (int j = 0; j < n; j++) c[(size_t)i * n + j] = (float)(apply_exp ? exp(row[j]) : row[j]);
    }
}

void mlc_reference(int m, int k, int n, int p, const float *a, const float *b, const float *e, float *d, float *f) {
    double *row = malloc(sizeof(double) * (size_t)(n > p ? n : p));
    matmul_rows(m, n, k, a, b, row, d, 1);
    matmul_rows(m, p, n, d, e, row, f, 0);
    free(row);
}
