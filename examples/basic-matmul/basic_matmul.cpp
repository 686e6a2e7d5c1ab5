// C = A * B on the CPU, blocked twice: an L1 tile of C (and the slice of K it needs) is chosen so
// its working set stays in cache, and an L0 tile inside it is the unit the inner loops sweep.
// The two tile shapes are the tunable choices, marked as a vendor autotuner expects.
#include <algorithm>
#include "gemm_types.hpp"

template <class L1TileShape, class L0TileShape>
static void BlockMatmul(GemmCoord shape, const float *a, layout::RowMajor la, const float *b,
                        layout::RowMajor lb, float *c, layout::RowMajor lc) {
    const uint32_t M = shape.m, N = shape.n, K = shape.k;
    for (uint32_t m1 = 0; m1 < M; m1 += L1TileShape::M)
    for (uint32_t n1 = 0; n1 < N; n1 += L1TileShape::N)
    for (uint32_t k1 = 0; k1 < K; k1 += L1TileShape::K) {
        const uint32_t m1End = std::min(M, m1 + L1TileShape::M);
        const uint32_t n1End = std::min(N, n1 + L1TileShape::N);
        const uint32_t k1End = std::min(K, k1 + L1TileShape::K);
        for (uint32_t m0 = m1; m0 < m1End; m0 += L0TileShape::M)
        for (uint32_t n0 = n1; n0 < n1End; n0 += L0TileShape::N)
        for (uint32_t k0 = k1; k0 < k1End; k0 += L0TileShape::K) {
            const uint32_t mEnd = std::min(m1End, m0 + L0TileShape::M);
            const uint32_t nEnd = std::min(n1End, n0 + L0TileShape::N);
            const uint32_t kEnd = std::min(k1End, k0 + L0TileShape::K);
            for (uint32_t i = m0; i < mEnd; ++i) {
                float *cRow = c + (size_t)i * lc.cols;
                for (uint32_t p = k0; p < kEnd; ++p) {
                    const float aip = a[(size_t)i * la.cols + p];
                    const float *bRow = b + (size_t)p * lb.cols;
                    for (uint32_t j = n0; j < nEnd; ++j) cRow[j] += aip * bRow[j];
                }
            }
        }
    }
}

void BasicMatmul(GemmCoord problemShape, float *a, layout::RowMajor layoutA, float *b,
                 layout::RowMajor layoutB, float *c, layout::RowMajor layoutC) {
    using L1TileShape = GemmShape<128, 256, 256>; // tunable
    using L0TileShape = GemmShape<128, 256, 64>; // tunable
    std::fill(c, c + (size_t)problemShape.m * problemShape.n, 0.0f);
    BlockMatmul<L1TileShape, L0TileShape>(problemShape, a, layoutA, b, layoutB, c, layoutC);
}
