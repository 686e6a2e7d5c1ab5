"""Runs one variant of softmax.py (or the reference) on the GPU for the workbench: times it with
tw_harness (synchronised) and with CUDA events, saves the output and answers."""
import os

import torch
import tw_harness as tw

rows = int(os.environ.get("TW_SIZE_rows", "4096"))
cols = int(os.environ.get("TW_SIZE_cols", "1000"))
torch.manual_seed(tw.settings()["seed"])
x = torch.randn(rows, cols, device="cuda", dtype=torch.float32)
softmax = tw.entry()
result = {}


def call():
    result["y"] = softmax(x)


measured = tw.measure(call, sync=torch.cuda.synchronize)
kernel_us = []
for _ in measured["samples_us"]:
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    softmax(x)
    stop.record()
    torch.cuda.synchronize()
    kernel_us.append(start.elapsed_time(stop) * 1000.0)
tw.save("y", result["y"].cpu().numpy())
tw.report(measured, kernel_samples_us=kernel_us)
