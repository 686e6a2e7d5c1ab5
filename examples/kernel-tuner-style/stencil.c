/*
 * One step of a 1-D heat equation, x_new = x_old + k * (left - 2 * centre + right), in the style
 * of a Kernel Tuner C kernel: tile_size and unroll come as #defines, nothing is marked.
 */
void stencil(float *x_new, const float *x_old, int n) {
    for (int start = 1; start < n - 1; start += tile_size) {
        int end = start + tile_size < n - 1 ? start + tile_size : n - 1;
        int i = start;
        for (; i + unroll <= end; i += unroll)
            for (int u = 0; u < unroll; u++)
                x_new[i + u] = x_old[i + u] + 0.25f * (x_old[i + u - 1] - 2.0f * x_old[i + u] + x_old[i + u + 1]);
        for (; i < end; i++) x_new[i] = x_old[i] + 0.25f * (x_old[i - 1] - 2.0f * x_old[i] + x_old[i + 1]);
    }
}

void stencil_reference(float *x_new, const float *x_old, int n) {
    for (int i = 1; i < n - 1; i++) x_new[i] = x_old[i] + 0.25f * (x_old[i - 1] - 2.0f * x_old[i] + x_old[i + 1]);
}
