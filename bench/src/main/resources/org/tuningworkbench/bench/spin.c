// The benchmark's microsecond kernel: a chain of dependent multiply-adds whose length sets its time.
void spin(int iters, float *x) {
    float a = x[0];
    for (int i = 0; i < iters; i++) a = a * 0.999f + 0.001f;
    x[0] = a;
}
