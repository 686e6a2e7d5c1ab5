"""The golden result: numpy's own product, in one call."""


def matmul(a, b):
    return a @ b
