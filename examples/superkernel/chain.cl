// A chain of small kernels over a few MB: y = relu(a·x + b), then the sum of every 256 elements
// of y. Launched one by one (four launches a call), with the element-wise steps fused (two), or
// as one fused kernel (one): FUSION chooses, and the host launches whichever kernels the variant
// defines. Each work group is GROUP work items, one per element.

#define FUSION 0 // tunable: FUSION
#define GROUP 256

// The sum of one value per work item over its work group, left in item 0's result.
float group_sum(float v, __local float *scratch) {
    int l = get_local_id(0);
    scratch[l] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int stride = GROUP / 2; stride > 0; stride /= 2) {
        if (l < stride) scratch[l] += scratch[l + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    return scratch[0];
}

#if FUSION == 0
__kernel __attribute__((reqd_work_group_size(GROUP, 1, 1)))
void scale(int n, float a, __global const float *x, __global float *y) {
    int i = get_global_id(0);
    if (i < n) y[i] = a * x[i];
}

__kernel __attribute__((reqd_work_group_size(GROUP, 1, 1)))
void add_bias(int n, __global const float *b, __global float *y) {
    int i = get_global_id(0);
    if (i < n) y[i] += b[i];
}

__kernel __attribute__((reqd_work_group_size(GROUP, 1, 1)))
void relu(int n, __global float *y) {
    int i = get_global_id(0);
    if (i < n) y[i] = fmax(y[i], 0.0f);
}
#endif

#if FUSION == 1
__kernel __attribute__((reqd_work_group_size(GROUP, 1, 1)))
void scale_bias_relu(int n, float a, __global const float *x, __global const float *b, __global float *y) {
    int i = get_global_id(0);
    if (i < n) y[i] = fmax(a * x[i] + b[i], 0.0f);
}
#endif

#if FUSION <= 1
__kernel __attribute__((reqd_work_group_size(GROUP, 1, 1)))
void reduce(int n, __global const float *y, __global float *partial) {
    __local float scratch[GROUP];
    int i = get_global_id(0);
    float s = group_sum(i < n ? y[i] : 0.0f, scratch);
    if (get_local_id(0) == 0) partial[get_group_id(0)] = s;
}
#endif

#if FUSION == 2
__kernel __attribute__((reqd_work_group_size(GROUP, 1, 1)))
void fused(int n, float a, __global const float *x, __global const float *b, __global float *y, __global float *partial) {
    __local float scratch[GROUP];
    int i = get_global_id(0);
    float v = i < n ? fmax(a * x[i] + b[i], 0.0f) : 0.0f;
    if (i < n) y[i] = v;
    float s = group_sum(v, scratch);
    if (get_local_id(0) == 0) partial[get_group_id(0)] = s;
}
#endif
