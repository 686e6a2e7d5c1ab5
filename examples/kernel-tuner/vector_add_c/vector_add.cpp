/* Kernel Tuner's C vector_add kernel (examples/c/vector_add.py, its kernel_string), Apache License 2.0. */
#include <omp.h>

typedef float vfloat __attribute__ ((vector_size (vecsize*4)));

extern "C" float vector_add(vfloat *c, vfloat *a, vfloat *b, int n) {
    double start = omp_get_wtime();
    int chunk = n/(vecsize*nthreads);

    #pragma omp parallel num_threads(nthreads)
    {
        int offset = omp_get_thread_num()*chunk;
        for (int i = offset; i<offset+chunk && i<n; i++) {
            c[i] = a[i] + b[i];
        }
    }

    return (float)((omp_get_wtime() - start)*1e3);
}
