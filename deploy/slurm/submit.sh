#!/usr/bin/env bash
# Submits the shards (a job array of N tasks) and the assemble job that waits for all of them.
# Usage: EXPO_CACHE=/shared/cache EXPO_OUTPUT=/shared/guide [EXPO_ARGS="…"] deploy/slurm/submit.sh N [sbatch options…]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shards=${1:?give the number of shards}
shift
array=$(sbatch --parsable --export=ALL --array="0-$((shards - 1))" "$@" "$here/expo-narrate.sbatch")
array=${array%%;*}
assemble=$(sbatch --parsable --export=ALL --dependency="afterok:$array" "$@" "$here/assemble.sbatch")
echo "shards: job $array (tasks 0-$((shards - 1))); assemble: job ${assemble%%;*}"
