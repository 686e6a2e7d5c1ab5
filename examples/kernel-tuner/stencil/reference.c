/* One Jacobi step of the 5-point stencil of Kernel Tuner's stencil.cl, on the host: the border keeps x_old's values. */
#define domain_width 4096
#define domain_height 2048

void stencil_reference(float *x_new, const float *x_old) {
    for (int y = 1; y < domain_height - 1; y++) {
        for (int x = 1; x < domain_width - 1; x++) {
            x_new[y * domain_width + x] = (x_old[y * domain_width + x] + x_old[y * domain_width + x - 1] + x_old[y * domain_width + x + 1]
                                           + x_old[(y + 1) * domain_width + x] + x_old[(y - 1) * domain_width + x]) / 5.0f;
        }
    }
}
