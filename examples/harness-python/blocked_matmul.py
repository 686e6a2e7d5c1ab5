"""A blocked matrix product over numpy: each block product is one numpy call, so the block sizes
trade the interpreter's cost per call (small blocks) against cache reuse (large blocks)."""
import numpy as np

BLOCK_I = 64  # tunable
BLOCK_J = 64  # tunable
BLOCK_K = 64  # tunable


def blocked_matmul(a, b):
    n, m = a.shape[0], b.shape[1]
    c = np.zeros((n, m), dtype=a.dtype)
    for i in range(0, n, BLOCK_I):
        for k in range(0, a.shape[1], BLOCK_K):
            a_block = a[i:i + BLOCK_I, k:k + BLOCK_K]
            for j in range(0, m, BLOCK_J):
                c[i:i + BLOCK_I, j:j + BLOCK_J] += a_block @ b[k:k + BLOCK_K, j:j + BLOCK_J]
    return c
