/* c = a + b, as numpy computes it: the answer Kernel Tuner's C vector_add.py gives tune_kernel. */
void vector_add_reference(float *c, const float *a, const float *b, int n) {
    for (int i = 0; i < n; i++) c[i] = a[i] + b[i];
}
