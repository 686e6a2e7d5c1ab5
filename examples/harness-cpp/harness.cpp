// The harness: a program with its own main(), linked with one variant of transpose.cpp (or the
// reference), that makes the input, times the kernel with tw_harness.hpp, saves the output and
// answers the workbench.
#include <cstdlib>
#include <random>
#include <vector>

#include "tw_harness.hpp"

void transpose(const float* in, float* out, std::size_t rows, std::size_t cols);

int main() {
    const char* r = std::getenv("TW_SIZE_rows");
    const char* c = std::getenv("TW_SIZE_cols");
    std::size_t rows = r ? std::strtoul(r, nullptr, 10) : 1024, cols = c ? std::strtoul(c, nullptr, 10) : 1024;
    std::vector<float> in(rows * cols), out(rows * cols);
    std::mt19937_64 random(tw::settings().seed);
    std::uniform_real_distribution<float> uniform(-1, 1);
    for (float& x : in) x = uniform(random);

    tw::Samples samples = tw::measure([&] { transpose(in.data(), out.data(), rows, cols); });
    if (!tw::save_npy("out", out.data(), {cols, rows})) return 1;
    tw::report(samples);
    return 0;
}
