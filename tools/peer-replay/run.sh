#!/bin/bash
# Replays Kernel Tuner's genetic algorithm, differential evolution and firefly strategies (its simulation
# mode) on every recorded space in SPACES, 20 seeds, budgets 10, 20, 50 and 100; one JSON file per space
# and strategy in OUT. PEER is a folder holding Kernel Tuner's and python-constraint's sources and the
# dist-info stubs (docs/search.md says how to set it up); nothing of them is in this repository.
#   tools/peer-replay/run.sh PEER SPACES OUT
set -euo pipefail
peer=$1; spaces=$2; out=$3
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export PYTHONPATH="$peer/kernel_tuner:$peer/python-constraint:$peer/meta"
mkdir -p "$out"
for f in "$spaces"/*.json.gz; do
  for s in genetic_algorithm diff_evo firefly_algorithm; do
    o="$out/$(basename "$f" .json.gz).$s.json"
    [[ -s "$o" ]] || nice -n 10 python3 "$here/kernel_tuner_replay.py" "$f" "$s" 20 10,20,50,100 > "$o"
  done
done
