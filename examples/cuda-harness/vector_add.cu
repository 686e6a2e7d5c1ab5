// A vector addition in CUDA: each thread adds ITEMS consecutive elements, in blocks of BLOCK threads.
#define BLOCK 256  // tunable
#define ITEMS 1    // tunable

__global__ void vector_add(const float* a, const float* b, float* c, int n) {
    int first = (blockIdx.x * blockDim.x + threadIdx.x) * ITEMS;
    for (int i = first; i < first + ITEMS && i < n; i++) c[i] = a[i] + b[i];
}

// The launch, in this file so that it sees the variant's BLOCK and ITEMS.
void launch_vector_add(const float* a, const float* b, float* c, int n) {
    int threads = (n + ITEMS - 1) / ITEMS;
    vector_add<<<(threads + BLOCK - 1) / BLOCK, BLOCK>>>(a, b, c, n);
}
