"""The golden result: PyTorch's own softmax."""
import torch


def reference_softmax(x):
    return torch.softmax(x, dim=1)
