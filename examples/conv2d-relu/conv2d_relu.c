// A 3×3 convolution with padding 1, bias and ReLU, in NCHW layout: the shape of a late ResNet
// layer (7×7 pixels, 512 → 512 channels). Two algorithms, chosen by the `Algorithm` line:
//  - direct: loops over output and input channel blocks, sweeping a 7×7 plane per weight tap;
//  - im2col: unfolds the input into a [c·9, h·w] matrix once, then runs a blocked GEMM
//    out[k, h·w] = weight[k, c·9] · col[c·9, h·w] whose inner loop is long and contiguous.
//   in: [n, c, h, w]   weight: [k, c, 3, 3]   bias: [k]   out: [n, k, h, w]
#include <stdlib.h>

static const int K_BLOCK = 16; // tunable
static const int C_BLOCK = 64; // tunable
static const int Q_BLOCK = 256; // tunable
static const int K_REG = 4; // tunable

static void direct_plane(float *restrict o, const float *restrict in, const float *restrict wt, int h, int w) {
    for (int r = 0; r < 3; r++)
        for (int s = 0; s < 3; s++) {
            const float v = wt[r * 3 + s];
            const int y0 = r == 0 ? 1 : 0, y1 = r == 2 ? h - 1 : h;
            const int x0 = s == 0 ? 1 : 0, x1 = s == 2 ? w - 1 : w;
            for (int y = y0; y < y1; y++)
                for (int x = x0; x < x1; x++) o[y * w + x] += v * in[(y + r - 1) * w + (x + s - 1)];
        }
}

static void conv_direct(int c, int k, int h, int w, const float *restrict in, const float *restrict weight, float *restrict out) {
    const int plane = h * w;
    for (int k0 = 0; k0 < k; k0 += K_BLOCK) for (int c0 = 0; c0 < c; c0 += C_BLOCK) // tunable: BlockOrder
        for (int kk = k0; kk < k0 + K_BLOCK && kk < k; kk++)
            for (int cc = c0; cc < c0 + C_BLOCK && cc < c; cc++)
                direct_plane(out + (long)kk * plane, in + (long)cc * plane, weight + ((long)kk * c + cc) * 9, h, w);
}

// The unfolded input lives in a buffer kept between calls, as a library keeps its workspace.
static float *workspace(size_t floats) {
    static float *buffer;
    static size_t capacity;
    if (floats > capacity) {
        free(buffer);
        buffer = (float *)aligned_alloc(64, (floats * sizeof(float) + 63) / 64 * 64);
        capacity = buffer ? floats : 0;
    }
    return buffer;
}

static void conv_im2col(int c, int k, int h, int w, const float *restrict in, const float *restrict weight, float *restrict out) {
    const int plane = h * w, q_total = c * 9;
    float *restrict col = workspace((size_t)q_total * plane);
    if (!col) abort();
    for (int cc = 0; cc < c; cc++)
        for (int r = 0; r < 3; r++)
            for (int s = 0; s < 3; s++) {
                float *row = col + (long)((cc * 3 + r) * 3 + s) * plane;
                for (int y = 0; y < h; y++)
                    for (int x = 0; x < w; x++) {
                        int iy = y + r - 1, ix = x + s - 1;
                        row[y * w + x] = iy < 0 || iy >= h || ix < 0 || ix >= w ? 0.0f : in[((long)cc * h + iy) * w + ix];
                    }
            }
    for (int k0 = 0; k0 < k; k0 += K_BLOCK)
        for (int q0 = 0; q0 < q_total; q0 += Q_BLOCK) {
            const int q1 = q0 + Q_BLOCK < q_total ? q0 + Q_BLOCK : q_total;
            for (int kk = k0; kk < k0 + K_BLOCK && kk < k; kk += K_REG) {
                const int rows = kk + K_REG <= k ? K_REG : k - kk;
                for (int q = q0; q < q1; q++) {
                    const float *restrict cq = col + (long)q * plane;
                    for (int t = 0; t < rows; t++) {
                        const float v = weight[(long)(kk + t) * q_total + q];
                        float *restrict o = out + (long)(kk + t) * plane;
                        for (int p = 0; p < plane; p++) o[p] += v * cq[p];
                    }
                }
            }
        }
}

void conv2d_relu(int n, int c, int k, int h, int w, const float *restrict in, const float *restrict weight,
                 const float *restrict bias, float *restrict out) {
    const int plane = h * w;
    for (int b = 0; b < n; b++) {
        float *ob = out + (long)b * k * plane;
        const float *ib = in + (long)b * c * plane;
        for (int kk = 0; kk < k; kk++)
            for (int p = 0; p < plane; p++) ob[kk * plane + p] = bias[kk];
        conv_direct(c, k, h, w, ib, weight, ob); // tunable: Algorithm
        for (long p = 0; p < (long)k * plane; p++) ob[p] = ob[p] > 0.0f ? ob[p] : 0.0f;
    }
}

// The golden result: every output pixel summed directly, with explicit bounds checks.
void conv2d_relu_reference(int n, int c, int k, int h, int w, const float *in, const float *weight,
                           const float *bias, float *out) {
    for (int b = 0; b < n; b++)
        for (int kk = 0; kk < k; kk++)
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    float acc = bias[kk];
                    for (int cc = 0; cc < c; cc++)
                        for (int r = 0; r < 3; r++)
                            for (int s = 0; s < 3; s++) {
                                int iy = y + r - 1, ix = x + s - 1;
                                if (iy < 0 || iy >= h || ix < 0 || ix >= w) continue;
                                acc += in[(((long)b * c + cc) * h + iy) * w + ix] * weight[(((long)kk * c + cc) * 3 + r) * 3 + s];
                            }
                    out[(((long)b * k + kk) * h + y) * w + x] = acc > 0.0f ? acc : 0.0f;
                }
}
