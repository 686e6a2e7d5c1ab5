/*
 * The tunables of Kernel Tuner's matmul.cl, which Kernel Tuner writes as #define lines before the
 * kernel: each value stands alone on its line (a `// tunable: NAME` line), then the kernel is
 * included as it is.
 */
#define block_size_x \
    16 // tunable: block_size_x
#define block_size_y \
    4 // tunable: block_size_y
#define tile_size_x \
    1 // tunable: tile_size_x
#define tile_size_y \
    4 // tunable: tile_size_y

#include "matmul.cl"
