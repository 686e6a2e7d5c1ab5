"""Runs one variant of blocked_matmul.py (or the reference) for the workbench: makes the inputs,
times the product with tw_harness, saves the output for verification and answers."""
import os
import statistics

import numpy as np
import tw_harness as tw

n = int(os.environ.get("TW_SIZE_n", "256"))
rng = np.random.default_rng(tw.settings()["seed"])
# Small whole numbers: every summation order gives the same float64 result, so "exact" holds.
a = rng.integers(-2, 3, size=(n, n)).astype(np.float64)
b = rng.integers(-2, 3, size=(n, n)).astype(np.float64)

product = tw.entry()
result = {}


def call():
    result["c"] = product(a, b)


measured = tw.measure(call)
tw.save("c", result["c"])
median_us = statistics.median(measured["samples_us"])
tw.report(measured, metrics={"gflops": 2.0 * n ** 3 / (median_us * 1e3)})
