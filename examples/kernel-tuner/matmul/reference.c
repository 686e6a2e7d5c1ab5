/* C = A·B for square matrices of WIDTH floats, as numpy.dot(A, B) in Kernel Tuner's matmul.py. */
#define WIDTH 256

void matmul_reference(float *C, const float *A, const float *B) {
    for (int i = 0; i < WIDTH; i++) {
        for (int j = 0; j < WIDTH; j++) {
            double sum = 0;
            for (int k = 0; k < WIDTH; k++) sum += (double)A[i * WIDTH + k] * B[k * WIDTH + j];
            C[i * WIDTH + j] = (float)sum;
        }
    }
}
