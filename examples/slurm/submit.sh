#!/bin/bash
# Runs a passk simulation as a Slurm job array of SHARDS tasks (default 16) and merges it once every
# task succeeded:
#   ./submit.sh scenario.yaml /shared/passk-run          (SHARDS=64 ./submit.sh … for 64 shards)
# leaves /shared/passk-run/parts/shard-00NN-of-0016.json and /shared/passk-run/result/summary.json
# (byte-identical to `passk simulate scenario.yaml --json` on one machine with the same Node).
# A task failed (its merge is then cancelled; `passk merge /shared/passk-run/parts` names the missing shard):
#   TASKS=6 ./submit.sh scenario.yaml /shared/passk-run  (TASKS=3,7 for two; SHARDS as before)
# reruns shard 6 of 16 alone into the same parts/ folder and merges again.
# For a sweep, put `sweep "$scenario" --vary …` in place of `simulate "$scenario"`.
set -euo pipefail
scenario="$(realpath "$1")"
mkdir -p "$2"
run="$(cd "$2" && pwd)"
shards="${SHARDS:-16}"
here="$(cd "$(dirname "$0")" && pwd)"
array=$(sbatch --parsable --array="${TASKS:-1-$shards}" --chdir="$run" "$here/passk-shard.sbatch" simulate "$scenario" --shards "$shards" --out "$run/parts" | cut -d';' -f1)
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes --chdir="$run" "$here/passk-merge.sbatch" "$run/parts" --out "$run/result" | cut -d';' -f1)
echo "submitted array $array and merge $merge (squeue -j $array,$merge)"
