#!/bin/bash
# Runs a passk simulation as a 16-task Slurm job array and merges it when every task succeeded:
#   ./submit.sh scenario.yaml /shared/passk-run        (ARRAY=0-63 ./submit.sh … for 64 shards)
# leaves /shared/passk-run/parts/shard-00NN-of-0016.json and /shared/passk-run/result/summary.json
# (byte-identical to `passk simulate scenario.yaml --json` on one machine). For a sweep, put
# `sweep scenario.yaml --vary …` in place of `simulate "$scenario"`.
set -euo pipefail
scenario="$1"
run="$2"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$run"
array=$(sbatch --parsable --array="${ARRAY:-0-15}" --chdir="$run" "$here/passk-shard.sbatch" simulate "$scenario" --out "$run/parts" | cut -d';' -f1)
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes --chdir="$run" "$here/passk-merge.sbatch" "$run/parts" --out "$run/result" | cut -d';' -f1)
echo "submitted array $array and merge $merge (squeue -j $array,$merge)"
