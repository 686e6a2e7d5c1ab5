// tw_harness.hpp: the Tuning Workbench harness library for C and C++ harnesses (header only, C++17).
// A harness times its kernel with tw::measure, writes its outputs with tw::save_npy and answers with
// tw::report; the workbench runs it once per config and reads the answer (docs/harness.md).
// Outside the workbench it runs as well: 10 samples of at least 1 ms, outputs into the current folder.
#ifndef TW_HARNESS_HPP
#define TW_HARNESS_HPP

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

namespace tw {

struct Settings {
    double warmup_ms = 0;       // TW_WARMUP_MS: how long to call the kernel before the samples
    int samples = 10;           // TW_SAMPLES: how many samples to take
    double min_sample_ms = 1;   // TW_MIN_SAMPLE_MS: a sample repeats the call until it lasts this long
    std::string out_dir = ".";  // TW_OUT_DIR: where the outputs go, as NAME.npy
    std::string source;         // TW_SOURCE: the variant's file
    std::string entry;          // TW_ENTRY: the function to call (the kernel's, or the golden reference's)
    std::uint64_t seed = 1;     // TW_SEED: the project's seed for random inputs
};

inline Settings settings() {
    Settings s;
    if (const char* v = std::getenv("TW_WARMUP_MS")) s.warmup_ms = std::atof(v);
    if (const char* v = std::getenv("TW_SAMPLES")) s.samples = std::max(1, std::atoi(v));
    if (const char* v = std::getenv("TW_MIN_SAMPLE_MS")) s.min_sample_ms = std::atof(v);
    if (const char* v = std::getenv("TW_OUT_DIR")) s.out_dir = v;
    if (const char* v = std::getenv("TW_SOURCE")) s.source = v;
    if (const char* v = std::getenv("TW_ENTRY")) s.entry = v;
    if (const char* v = std::getenv("TW_SEED")) s.seed = std::strtoull(v, nullptr, 10);
    return s;
}

// The samples of one measurement: each the mean time of one call in microseconds.
struct Samples {
    std::vector<double> us;
    double first_call_us = 0;
};

inline double now_us() {
    using clock = std::chrono::steady_clock;
    return std::chrono::duration<double, std::micro>(clock::now().time_since_epoch()).count();
}

// Calls `call` once (the call whose outputs are checked, timed as first_call_us), warms up, then
// takes the samples. `sync` waits for the device (a GPU stream) before each clock read; for a
// CPU kernel leave it out.
template <class Call, class Sync = void (*)()>
Samples measure(Call&& call, Sync&& sync = [] {}) {
    Settings s = settings();
    Samples out;
    double start = now_us();
    call();
    sync();
    out.first_call_us = now_us() - start;
    for (double until = now_us() + s.warmup_ms * 1000; now_us() < until;) { call(); sync(); }
    // Calls per sample: enough that a sample lasts min_sample_ms, from the first call's time.
    long calls = 1;
    if (out.first_call_us > 0 && s.min_sample_ms * 1000 > out.first_call_us) {
        calls = static_cast<long>(std::ceil(s.min_sample_ms * 1000 / out.first_call_us));
    }
    for (int i = 0; i < s.samples; i++) {
        double t0 = now_us();
        for (long c = 0; c < calls; c++) call();
        sync();
        out.us.push_back((now_us() - t0) / calls);
    }
    return out;
}

template <class T> const char* npy_type() {
    if constexpr (std::is_same_v<T, float>) return "<f4";
    else if constexpr (std::is_same_v<T, double>) return "<f8";
    else if constexpr (std::is_same_v<T, std::int32_t>) return "<i4";
    else if constexpr (std::is_same_v<T, std::int64_t>) return "<i8";
    else if constexpr (std::is_same_v<T, std::uint8_t>) return "|u1";
    else static_assert(sizeof(T) == 0, "tw::save_npy takes float, double, int32_t, int64_t or uint8_t");
}

// Writes an output buffer as $TW_OUT_DIR/NAME.npy (row-major), for the workbench to check against the golden result.
template <class T> bool save_npy(const std::string& name, const T* data, const std::vector<std::size_t>& shape) {
    std::string dims;
    std::size_t count = 1;
    for (std::size_t d : shape) { dims += std::to_string(d) + ", "; count *= d; }
    if (shape.size() > 1) dims.erase(dims.size() - 2, 1);
    std::string header = std::string("{'descr': '") + npy_type<T>() + "', 'fortran_order': False, 'shape': (" + dims + "), }";
    std::size_t total = 10 + header.size() + 1;
    header.append((64 - total % 64) % 64, ' ');
    header.push_back('\n');
    std::string path = settings().out_dir + "/" + name + ".npy";
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) { std::fprintf(stderr, "tw_harness: cannot write %s\n", path.c_str()); return false; }
    unsigned char magic[8] = {0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0};
    std::uint16_t length = static_cast<std::uint16_t>(header.size());
    bool ok = std::fwrite(magic, 1, 8, f) == 8 && std::fwrite(&length, 2, 1, f) == 1
              && std::fwrite(header.data(), 1, header.size(), f) == header.size()
              && std::fwrite(data, sizeof(T), count, f) == count;
    ok = std::fclose(f) == 0 && ok;
    if (!ok) std::fprintf(stderr, "tw_harness: cannot write %s\n", path.c_str());
    return ok;
}

inline void append_list(std::string& out, const char* name, const std::vector<double>& values) {
    out += std::string("\"") + name + "\": [";
    char number[40];
    for (std::size_t i = 0; i < values.size(); i++) {
        std::snprintf(number, sizeof number, "%s%.17g", i ? ", " : "", values[i]);
        out += number;
    }
    out += "]";
}

// Answers the workbench: one JSON line on standard output, the last thing the harness prints.
inline void report(const Samples& samples, const std::vector<double>& kernel_samples_us = {},
                   const std::map<std::string, double>& metrics = {}) {
    std::string out = "{";
    append_list(out, "samples_us", samples.us);
    if (!kernel_samples_us.empty()) { out += ", "; append_list(out, "kernel_samples_us", kernel_samples_us); }
    char number[64];
    if (samples.first_call_us > 0) { std::snprintf(number, sizeof number, ", \"first_call_us\": %.17g", samples.first_call_us); out += number; }
    if (!metrics.empty()) {
        out += ", \"metrics\": {";
        bool first = true;
        for (const auto& [name, value] : metrics) {
            std::snprintf(number, sizeof number, "%s\"%s\": %.17g", first ? "" : ", ", name.c_str(), value);
            out += number;
            first = false;
        }
        out += "}";
    }
    out += "}";
    std::fflush(stdout);
    std::printf("\n%s\n", out.c_str());
    std::fflush(stdout);
}

}  // namespace tw

#endif
