/* c = a + b, as numpy computes it: the golden result of Kernel Tuner's vector_add. */
void vector_add_reference(float *c, const float *a, const float *b, int n) {
    for (int i = 0; i < n; i++) c[i] = a[i] + b[i];
}
