// The golden result: the textbook triple loop, with the same arguments as BasicMatmul.
#include "gemm_types.hpp"

void ReferenceMatmul(GemmCoord problemShape, float *a, layout::RowMajor layoutA, float *b,
                     layout::RowMajor layoutB, float *c, layout::RowMajor layoutC) {
    for (uint32_t i = 0; i < problemShape.m; ++i)
        for (uint32_t j = 0; j < problemShape.n; ++j) {
            float sum = 0.0f;
            for (uint32_t p = 0; p < problemShape.k; ++p)
                sum += a[(size_t)i * layoutA.cols + p] * b[(size_t)p * layoutB.cols + j];
            c[(size_t)i * layoutC.cols + j] = sum;
        }
}
