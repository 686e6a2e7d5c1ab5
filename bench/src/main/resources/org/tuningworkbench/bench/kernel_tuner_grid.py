"""Kernel Tuner on the benchmark's tile grid (`workbench bench --only peer`).

Usage: python3 kernel_tuner_grid.py SPEC.json > result.json

SPEC names the kernel source (its tunables left to Kernel Tuner's #defines, a timed wrapper appended: the C
backend's convention is a function returning its own time in ms), the timed function, the sizes m, n, k, the
parameters' values, the compiler and its options, the iterations and the tolerance. One brute-force tune_kernel
run with the C backend, each config's output verified against the golden product (float64, rounded to float32)
with the workbench's rule |out - golden| <= atol + rtol * |golden|. Prints one JSON object on stdout: the
versions, the phases' seconds and, for each config in the order Kernel Tuner ran them, its times and its
compile, verification and benchmark milliseconds, or why it failed.
"""
import contextlib
import json
import sys
import time

started = time.perf_counter()
with open(sys.argv[1]) as fh:
    spec = json.load(fh)

import numpy as np
import kernel_tuner

imported = time.perf_counter()
m, n, k = spec["m"], spec["n"], spec["k"]
rng = np.random.default_rng(spec.get("seed", 1))
a = rng.uniform(-1, 1, (m, k)).astype(np.float32)
b = rng.uniform(-1, 1, (k, n)).astype(np.float32)
c = np.zeros((m, n), dtype=np.float32)
golden = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
arguments = [np.int32(m), np.int32(n), np.int32(k), a, b, c]
answer = [None, None, None, None, None, golden]


def verify(expected, result, atol=None):
    return bool(np.allclose(result[5], expected[5], atol=spec["atol"], rtol=spec["rtol"]))


prepared = time.perf_counter()
# Kernel Tuner prints its progress on stdout: this script's stdout carries only the JSON.
with contextlib.redirect_stdout(sys.stderr):
    results, env = kernel_tuner.tune_kernel(
        spec["function"], spec["source"], 1, arguments, spec["tune_params"], lang="C",
        compiler=spec["compiler"], compiler_options=spec["compiler_options"], iterations=spec["iterations"],
        answer=answer, verify=verify, atol=spec["atol"], strategy="brute_force", verbose=False, quiet=True)
tuned = time.perf_counter()


def number(value):
    return float(value) if isinstance(value, (int, float, np.floating)) and not isinstance(value, bool) else None


configs = []
for r in results:
    entry = {"config": {name: str(r[name]) for name in spec["tune_params"]}}
    t = r.get("time")
    if number(t) is None:
        entry["error"] = type(t).__name__ if t is not None else "no time"
    else:
        entry["time_ms"] = number(t)
        entry["times_ms"] = [float(x) for x in r.get("times", [])]
    for key in ("compile_time", "verification_time", "benchmark_time", "framework_time", "strategy_time"):
        if number(r.get(key)) is not None:
            entry[key.replace("_time", "_ms")] = number(r[key])
    configs.append(entry)

json.dump({"kernel_tuner": kernel_tuner.__version__, "numpy": np.__version__, "python": sys.version.split()[0],
           "import_s": imported - started, "inputs_s": prepared - imported, "tune_s": tuned - prepared,
           "configs": configs}, sys.stdout)
print()
