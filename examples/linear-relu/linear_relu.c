// y = relu(x · wᵀ + bias) for a small batch: a kernel of a few microseconds, where the harness
// calls it many times per sample so the clock's resolution does not matter.
//   x: [batch, in]   w: [out, in]   bias: [out]   y: [batch, out]

void linear_relu(int batch, int in, int out, const float *restrict x, const float *restrict w,
                 const float *restrict bias, float *restrict y) {
    static const int OUT_BLOCK = 8; // tunable
    for (int r = 0; r < batch; r++) for (int o0 = 0; o0 < out; o0 += OUT_BLOCK) // tunable: Order
        for (int o = o0; o < o0 + OUT_BLOCK && o < out; o++) {
            float acc = bias[o];
            for (int i = 0; i < in; i++) acc += x[r * in + i] * w[o * in + i];
            y[r * out + o] = acc > 0.0f ? acc : 0.0f;
        }
}

// The golden result: one output at a time, the plain way.
void linear_relu_reference(int batch, int in, int out, const float *x, const float *w,
                           const float *bias, float *y) {
    for (int r = 0; r < batch; r++)
        for (int o = 0; o < out; o++) {
            float acc = bias[o];
            for (int i = 0; i < in; i++) acc += x[r * in + i] * w[o * in + i];
            y[r * out + o] = acc > 0.0f ? acc : 0.0f;
        }
}
