/* Kernel Tuner's vector_add kernel (examples/opencl/vector_add.py, its kernel_string), Apache License 2.0. */
__kernel void vector_add(__global float *c, __global const float *a, __global const float *b, int n) {
    int i = get_global_id(0);
    if (i<n) {
        c[i] = a[i] + b[i];
    }
}
