// The benchmark's trivial kernel: nanoseconds of work, so a run's time is the engine's own.
// Each SALT is a distinct variant with its own build.
static const int SALT = 0; // tunable

void trivial(int n, float *y) {
    for (int i = 0; i < n; i++) y[i] = (float)(i % 7) + (float)(SALT - SALT);
}

void trivial_reference(int n, float *y) {
    for (int i = 0; i < n; i++) y[i] = (float)(i % 7);
}
