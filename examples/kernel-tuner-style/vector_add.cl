/*
 * c = a + b, written as for Kernel Tuner: block_size_x and tile_size have no definition here;
 * each config's values arrive as #define lines before the kernel ([kernel] inject = "defines").
 * Each work item adds tile_size elements, a work group's items stride through them together.
 */
__kernel __attribute__((reqd_work_group_size(block_size_x, 1, 1)))
void vector_add(__global float *c, __global const float *a, __global const float *b, int n) {
    int first = get_group_id(0) * block_size_x * tile_size + get_local_id(0);
    for (int t = 0; t < tile_size; t++) {
        int i = first + t * block_size_x;
        if (i < n) c[i] = a[i] + b[i];
    }
}

/* The answer, one work item doing everything: the golden result comes from it ([golden] kernel). */
__kernel void vector_add_naive(__global float *c, __global const float *a, __global const float *b, int n) {
    if (get_global_id(0) == 0)
        for (int i = 0; i < n; i++) c[i] = a[i] + b[i];
}
