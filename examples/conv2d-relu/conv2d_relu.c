// A 3×3 convolution with padding 1, bias and ReLU, in NCHW layout: the shape of a late ResNet
// layer (7×7 pixels, 512 → 512 channels). Output channels and input channels are blocked so a
// block of weights and input planes stays in cache; the block sizes and the order of the two
// block loops are tunable.
//   in: [n, c, h, w]   weight: [k, c, 3, 3]   bias: [k]   out: [n, k, h, w]

static void accumulate_plane(float *restrict o, const float *restrict in, const float *restrict wt, int h, int w) {
    for (int r = 0; r < 3; r++)
        for (int s = 0; s < 3; s++) {
            const float v = wt[r * 3 + s];
            const int y0 = r == 0 ? 1 : 0, y1 = r == 2 ? h - 1 : h;
            const int x0 = s == 0 ? 1 : 0, x1 = s == 2 ? w - 1 : w;
            for (int y = y0; y < y1; y++)
                for (int x = x0; x < x1; x++) o[y * w + x] += v * in[(y + r - 1) * w + (x + s - 1)];
        }
}

void conv2d_relu(int n, int c, int k, int h, int w, const float *restrict in, const float *restrict weight,
                 const float *restrict bias, float *restrict out) {
    static const int K_BLOCK = 16; // tunable
    static const int C_BLOCK = 64; // tunable
    const int plane = h * w;
    for (int b = 0; b < n; b++) {
        float *ob = out + (long)b * k * plane;
        const float *ib = in + (long)b * c * plane;
        for (int kk = 0; kk < k; kk++)
            for (int p = 0; p < plane; p++) ob[kk * plane + p] = bias[kk];
        for (int k0 = 0; k0 < k; k0 += K_BLOCK) for (int c0 = 0; c0 < c; c0 += C_BLOCK) // tunable: BlockOrder
            for (int kk = k0; kk < k0 + K_BLOCK && kk < k; kk++)
                for (int cc = c0; cc < c0 + C_BLOCK && cc < c; cc++)
                    accumulate_plane(ob + (long)kk * plane, ib + (long)cc * plane, weight + ((long)kk * c + cc) * 9, h, w);
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
