// A blocked out-of-place matrix transpose: the tile decides how many cache lines each pass touches.
#include <cstddef>

constexpr std::size_t TILE_ROWS = 16;  // tunable
constexpr std::size_t TILE_COLS = 16;  // tunable

void transpose(const float* in, float* out, std::size_t rows, std::size_t cols) {
    for (std::size_t i0 = 0; i0 < rows; i0 += TILE_ROWS) {
        for (std::size_t j0 = 0; j0 < cols; j0 += TILE_COLS) {
            std::size_t i_end = i0 + TILE_ROWS < rows ? i0 + TILE_ROWS : rows;
            std::size_t j_end = j0 + TILE_COLS < cols ? j0 + TILE_COLS : cols;
            for (std::size_t i = i0; i < i_end; i++) {
                for (std::size_t j = j0; j < j_end; j++) out[j * rows + i] = in[i * cols + j];
            }
        }
    }
}
