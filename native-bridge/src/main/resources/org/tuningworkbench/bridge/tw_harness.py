"""tw_harness: the Tuning Workbench harness library for Python harnesses (docs/harness.md).

A harness loads the variant with load(), times its kernel with measure(), writes its outputs with
save() and answers with report(); the workbench runs it once per config and reads the answer.
Outside the workbench it runs as well: 10 samples of at least 1 ms, outputs into the current folder.
"""
import importlib.util
import json
import math
import os
import sys
import time

__all__ = ["settings", "load", "entry", "measure", "save", "report"]


def settings():
    """What the workbench asks for, from the environment."""
    return {
        "warmup_ms": float(os.environ.get("TW_WARMUP_MS", "0")),
        "samples": max(1, int(os.environ.get("TW_SAMPLES", "10"))),
        "min_sample_ms": float(os.environ.get("TW_MIN_SAMPLE_MS", "1")),
        "out_dir": os.environ.get("TW_OUT_DIR", "."),
        "source": os.environ.get("TW_SOURCE", ""),
        "entry": os.environ.get("TW_ENTRY", ""),
        "seed": int(os.environ.get("TW_SEED", "1")),
    }


def load(path=None):
    """The variant's module (TW_SOURCE: the kernel with this config's values, or the golden reference)."""
    path = path or settings()["source"]
    spec = importlib.util.spec_from_file_location("tw_variant", path)
    if spec is None or spec.loader is None:
        raise SystemExit("tw_harness: cannot load %r as a Python module" % path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def entry(module=None):
    """The function the workbench asks to call (TW_ENTRY) in the variant's module."""
    module = module or load()
    name = settings()["entry"]
    if not hasattr(module, name):
        raise SystemExit("tw_harness: %s has no function %r" % (settings()["source"], name))
    return getattr(module, name)


def measure(call, sync=None):
    """Calls `call` once (its outputs are the ones checked), warms up, then takes the samples.

    `sync` waits for the device before each clock read (torch.cuda.synchronize, for example).
    Returns {"samples_us": [...], "first_call_us": t}: each sample the mean time of one call.
    """
    sync = sync or (lambda: None)
    s = settings()
    start = time.perf_counter_ns()
    call()
    sync()
    first_us = (time.perf_counter_ns() - start) / 1000.0
    until = time.perf_counter_ns() + s["warmup_ms"] * 1e6
    while time.perf_counter_ns() < until:
        call()
        sync()
    calls = 1
    if 0 < first_us < s["min_sample_ms"] * 1000:
        calls = int(math.ceil(s["min_sample_ms"] * 1000 / first_us))
    samples = []
    for _ in range(s["samples"]):
        t0 = time.perf_counter_ns()
        for _ in range(calls):
            call()
        sync()
        samples.append((time.perf_counter_ns() - t0) / 1000.0 / calls)
    return {"samples_us": samples, "first_call_us": first_us}


def save(name, array):
    """Writes an output buffer as $TW_OUT_DIR/NAME.npy, for the workbench to check against the golden result."""
    import numpy
    numpy.save(os.path.join(settings()["out_dir"], name + ".npy"), numpy.ascontiguousarray(array))


def report(measured, kernel_samples_us=None, metrics=None):
    """Answers the workbench: one JSON line on standard output, the last thing the harness prints."""
    answer = {"samples_us": [float(x) for x in measured["samples_us"]]}
    if measured.get("first_call_us"):
        answer["first_call_us"] = float(measured["first_call_us"])
    if kernel_samples_us:
        answer["kernel_samples_us"] = [float(x) for x in kernel_samples_us]
    if metrics:
        answer["metrics"] = {str(k): float(v) for k, v in metrics.items()}
    sys.stdout.flush()
    print("\n" + json.dumps(answer), flush=True)
