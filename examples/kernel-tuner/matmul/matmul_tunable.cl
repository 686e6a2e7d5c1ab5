/*
 * The tunables of Kernel Tuner's matmul.cl, written as Kernel Tuner writes them before the kernel,
 * then the kernel as published.
 */
#define block_size_x 16 // tunable
#define block_size_y 4 // tunable
#define tile_size_x 1 // tunable
#define tile_size_y 4 // tunable

#include "matmul.cl"
