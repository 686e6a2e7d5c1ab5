// The golden result: the plain transpose, row by row.
#include <cstddef>

void transpose(const float* in, float* out, std::size_t rows, std::size_t cols) {
    for (std::size_t i = 0; i < rows; i++) {
        for (std::size_t j = 0; j < cols; j++) out[j * rows + i] = in[i * cols + j];
    }
}
