// Small vocabulary types in the style of vendor GEMM templates: a problem shape passed by value,
// compile-time tile shapes, and a row-major layout descriptor.
#pragma once
#include <cstdint>

struct GemmCoord {
    uint32_t m, n, k;
};

template <uint32_t M_, uint32_t N_, uint32_t K_>
struct GemmShape {
    static constexpr uint32_t M = M_;
    static constexpr uint32_t N = N_;
    static constexpr uint32_t K = K_;
};

namespace layout {
// Rows and columns of a row-major matrix; its leading dimension is `cols`.
struct RowMajor {
    uint32_t rows, cols;
};
}  // namespace layout
