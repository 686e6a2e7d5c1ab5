// The harness: a CUDA program with its own main(), linked with one variant of vector_add.cu (or the
// reference). It times the kernel with tw_harness.hpp (wall time, synchronised) and with CUDA events
// (kernel time), saves the output for verification and answers the workbench.
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include <cuda_runtime.h>

#include "tw_harness.hpp"

void launch_vector_add(const float* a, const float* b, float* c, int n);

#define CHECK(call)                                                                   \
    do {                                                                              \
        cudaError_t e = (call);                                                       \
        if (e != cudaSuccess) {                                                       \
            std::fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e));           \
            return 1;                                                                 \
        }                                                                             \
    } while (0)

int main() {
    const char* size = std::getenv("TW_SIZE_n");
    int n = size ? std::atoi(size) : 1 << 24;
    std::vector<float> a(n), b(n), c(n);
    std::mt19937_64 random(tw::settings().seed);
    std::uniform_real_distribution<float> uniform(-1, 1);
    for (int i = 0; i < n; i++) { a[i] = uniform(random); b[i] = uniform(random); }

    float *da, *db, *dc;
    CHECK(cudaMalloc(&da, n * sizeof(float)));
    CHECK(cudaMalloc(&db, n * sizeof(float)));
    CHECK(cudaMalloc(&dc, n * sizeof(float)));
    CHECK(cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, b.data(), n * sizeof(float), cudaMemcpyHostToDevice));

    tw::Samples samples = tw::measure([&] { launch_vector_add(da, db, dc, n); }, [] { cudaDeviceSynchronize(); });
    CHECK(cudaGetLastError());

    // Kernel time from events, one launch a sample.
    std::vector<double> kernel_us;
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    for (std::size_t i = 0; i < samples.us.size(); i++) {
        CHECK(cudaEventRecord(start));
        launch_vector_add(da, db, dc, n);
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        kernel_us.push_back(ms * 1000.0);
    }

    CHECK(cudaMemcpy(c.data(), dc, n * sizeof(float), cudaMemcpyDeviceToHost));
    if (!tw::save_npy("c", c.data(), {static_cast<std::size_t>(n)})) return 1;
    tw::report(samples, kernel_us);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    return 0;
}
