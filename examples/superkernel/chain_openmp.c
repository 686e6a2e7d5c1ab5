// The same chain on the CPU with OpenMP: y = relu(a·x + b), then the sum of every 256 elements of
// y. FUSION 0 opens one parallel region per step (four, as four kernel launches), 1 one region
// whose four loops meet at barriers, 2 one loop doing every step for a block of 256 at once.

#define GROUP 256

void chain(int n, float a, const float *restrict x, const float *restrict b, float *restrict y, float *restrict partial) {
    static const int FUSION = 0; // tunable
    int groups = (n + GROUP - 1) / GROUP;
    if (FUSION == 0) {
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; i++) y[i] = a * x[i];
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; i++) y[i] += b[i];
#pragma omp parallel for schedule(static)
        for (int i = 0; i < n; i++) y[i] = y[i] > 0.0f ? y[i] : 0.0f;
#pragma omp parallel for schedule(static)
        for (int g = 0; g < groups; g++) {
            float s = 0.0f;
            for (int i = g * GROUP; i < (g + 1) * GROUP && i < n; i++) s += y[i];
            partial[g] = s;
        }
    } else if (FUSION == 1) {
#pragma omp parallel
        {
#pragma omp for schedule(static)
            for (int i = 0; i < n; i++) y[i] = a * x[i];
#pragma omp for schedule(static)
            for (int i = 0; i < n; i++) y[i] += b[i];
#pragma omp for schedule(static)
            for (int i = 0; i < n; i++) y[i] = y[i] > 0.0f ? y[i] : 0.0f;
#pragma omp for schedule(static)
            for (int g = 0; g < groups; g++) {
                float s = 0.0f;
                for (int i = g * GROUP; i < (g + 1) * GROUP && i < n; i++) s += y[i];
                partial[g] = s;
            }
        }
    } else {
#pragma omp parallel for schedule(static)
        for (int g = 0; g < groups; g++) {
            float s = 0.0f;
            for (int i = g * GROUP; i < (g + 1) * GROUP && i < n; i++) {
                float v = a * x[i] + b[i];
                y[i] = v > 0.0f ? v : 0.0f;
                s += y[i];
            }
            partial[g] = s;
        }
    }
}
