// The golden result: every C element summed in double precision, so it is the most accurate of all
// the configs. Rows of B are streamed (i-p-j order) so the reference takes seconds, not minutes.
#include <stdlib.h>

void sgemm_reference(int m, int n, int k, const float *a, const float *b, float *c) {
    double *row = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < m; i++) {
        for (int j = 0; j < n; j++) row[j] = 0.0;
        for (int p = 0; p < k; p++) {
            const double aip = a[(size_t)i * k + p];
            for (int j = 0; j < n; j++) row[j] += aip * b[(size_t)p * n + j];
        }
        for (int j = 0; j < n; j++) c[(size_t)i * n + j] = (float)row[j];
    }
    free(row);
}
