"""Replays Kernel Tuner's strategies (simulation mode) on recorded spaces, scoring as `workbench replay` does.

Usage: python3 kernel_tuner_replay.py SPACE.json.gz STRATEGY SEEDS BUDGET[,BUDGET...] > out.json

Each run's fraction of the optimum at budget B: the space's best `time` / the best `time` among the
first B distinct configs the strategy evaluated. `time` is rewritten to the median of the config's
`times` (the objective `workbench replay` scores), so both tools optimise and score the same number.
A T4 file is converted to a Kernel Tuner cache first.
"""
import gzip, json, os, random, statistics, sys, tempfile
import numpy as np

space, strategy, seeds, budgets = sys.argv[1], sys.argv[2], int(sys.argv[3]), [int(b) for b in sys.argv[4].split(",")]

with gzip.open(space, "rt") as fh:
    data = json.load(fh)

if "results" in data:  # T4 -> Kernel Tuner cache
    results = data["results"]
    keys = list(results[0]["configuration"].keys())
    values = {k: sorted({r["configuration"][k] for r in results}) for k in keys}
    cache = {}
    for r in results:
        c = r["configuration"]
        times = r["times"]["runtimes"]
        entry = dict(c)
        if r.get("invalidity", "correct") != "correct" or not times:
            entry["time"] = "InvalidConfig"
        else:
            entry["times"] = times
        cache[",".join(str(c[k]) for k in keys)] = entry
    name = os.path.basename(space).split(".")[0]
    data = {"device_name": name, "kernel_name": name, "problem_size": [1],
            "tune_params_keys": keys, "tune_params": values, "objective": "time", "cache": cache}

optimum = None
for entry in data["cache"].values():
    t = entry.get("time")
    if isinstance(t, str):
        continue
    if entry.get("times"):
        entry["time"] = statistics.median(entry["times"])
    if optimum is None or entry["time"] < optimum:
        optimum = entry["time"]
data.setdefault("objective", "time")
# Kernel Tuner takes a cache whose text does not end in "}}}" for one cut short: the cache goes last.
data["cache"] = data.pop("cache")
if isinstance(data.get("problem_size"), str) or data.get("problem_size") is None:
    data["problem_size"] = [1]

fd, cachefile = tempfile.mkstemp(suffix=".json")
with os.fdopen(fd, "w") as fh:
    json.dump(data, fh)

import kernel_tuner
from kernel_tuner import util

fractions = {b: [] for b in budgets}
try:
    for seed in range(1, seeds + 1):
        random.seed(seed)
        np.random.seed(seed)
        res, _ = kernel_tuner.tune_cache(cachefile, strategy=strategy,
                                         strategy_options={"max_fevals": max(budgets)}, verbose=False, quiet=True)
        seen, best, curve = set(), None, []
        for r in res:
            key = ",".join(str(r[k]) for k in data["tune_params_keys"])
            if key in seen:
                continue
            seen.add(key)
            t = r.get("time")
            if isinstance(t, (int, float)) and not isinstance(t, bool) and t < 1e20 and (best is None or t < best):
                best = t
            curve.append(best)
        for b in budgets:
            got = curve[min(b, len(curve)) - 1] if curve else None
            fractions[b].append(optimum / got if got else 0.0)
        print(f"{os.path.basename(space)} {strategy} seed {seed}: {len(curve)} evaluations", file=sys.stderr, flush=True)
finally:
    os.remove(cachefile)

out = {"space": os.path.basename(space), "strategy": strategy, "seeds": seeds, "optimum_ms": optimum, "results": []}
for b in budgets:
    f = np.array(fractions[b])
    out["results"].append({"budget": b, "median": float(np.percentile(f, 50)), "p10": float(np.percentile(f, 10)), "fractions": list(f)})
print(json.dumps(out))
