// A chain of small kernels over a few MB: y = relu(a·x + b), then the sum of every block of 256
// elements of y. Launched one by one (four launches a call), with the element-wise steps fused
// (two), or as one fused kernel (one): FUSION chooses, and the host launches whichever kernels the
// variant defines. The element-wise kernels take one work item per element; the block sums one
// work item per block, which walks its 256 elements.

#define FUSION 0 // tunable: FUSION
#define BLOCK 256

#if FUSION == 0
__kernel void scale(int n, float a, __global const float *x, __global float *y) {
    int i = get_global_id(0);
    if (i < n) y[i] = a * x[i];
}

__kernel void add_bias(int n, __global const float *b, __global float *y) {
    int i = get_global_id(0);
    if (i < n) y[i] += b[i];
}

__kernel void relu(int n, __global float *y) {
    int i = get_global_id(0);
    if (i < n) y[i] = fmax(y[i], 0.0f);
}
#endif

#if FUSION == 1
__kernel void scale_bias_relu(int n, float a, __global const float *x, __global const float *b, __global float *y) {
    int i = get_global_id(0);
    if (i < n) y[i] = fmax(a * x[i] + b[i], 0.0f);
}
#endif

#if FUSION <= 1
__kernel void block_sums(int n, __global const float *y, __global float *partial) {
    int g = get_global_id(0);
    float s = 0.0f;
    for (int i = g * BLOCK; i < (g + 1) * BLOCK && i < n; i++) s += y[i];
    partial[g] = s;
}
#endif

#if FUSION == 2
__kernel void fused(int n, float a, __global const float *x, __global const float *b, __global float *y, __global float *partial) {
    int g = get_global_id(0);
    float s = 0.0f;
    for (int i = g * BLOCK; i < (g + 1) * BLOCK && i < n; i++) {
        float v = fmax(a * x[i] + b[i], 0.0f);
        y[i] = v;
        s += v;
    }
    partial[g] = s;
}
#endif
