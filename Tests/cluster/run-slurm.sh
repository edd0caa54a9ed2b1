#!/usr/bin/env bash
# The guide made by a real Slurm cluster is the guide made by one machine, byte for byte.
#
# Starts a one-node Slurm cluster on this machine under a temporary folder (munged, slurmctld
# and slurmd, proctrack/linuxproc, SlurmUser=root, its own ports and munge key), submits the
# repository's job files (deploy/slurm: a job array of N shards, then the assemble job with
# --dependency=afterok) over a catalog made of COPIES copies of the default catalog's entries
# (distinct names), runs `--all` on one machine over the same catalog, and compares every file
# of the two published guides. Stops every daemon it started, by its process id.
#
# Environment: EXPO_NARRATE_BIN (default: .build/release/expo-narrate if built, else
# .build/debug/expo-narrate), SHARDS (default 4), COPIES (default 1 with a debug build, 3 with a
# release build: the 10× catalog takes longer than the few minutes this may take on two shared
# cores; COPIES=10 runs it), SLURM_TEST_TIMEOUT (s, 600), ONE_MACHINE_GUIDE (a folder holding
# the guide the same binary published with `--all` of the default catalog, as the page test
# makes it: compared with instead of making it again; only with one copy).
# Skips (status 0, one line saying why) where Slurm or munge cannot be installed or run as root;
# under CI=true a skip is a failure.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)

skip() {
  echo "SKIP slurm cluster test: $*" >&2
  [[ "${CI:-}" == "true" ]] && exit 1
  exit 0
}

[[ $(id -u) -eq 0 ]] || skip "it starts slurmctld and slurmd as root (SlurmUser=root); run it as root"
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  scripts/install-dependencies.sh --test >/dev/null 2>&1 || true
fi
for tool in munged slurmctld slurmd sbatch squeue scontrol scancel; do
  command -v "$tool" >/dev/null || skip "$tool is not installed (Debian packages slurm-wlm and munge; apt-get failed or is not allowed)"
done

binary=${EXPO_NARRATE_BIN:-}
if [[ -z "$binary" ]]; then
  binary=.build/debug/expo-narrate
  [[ .build/release/expo-narrate -nt .build/debug/expo-narrate ]] && binary=.build/release/expo-narrate
fi
[[ -x "$binary" ]] || { echo "FAIL: no expo-narrate binary at $binary (swift build first)" >&2; exit 1; }
binary=$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")
shards=${SHARDS:-4}
# With a debug build one copy already takes about three minutes here; a release build is ~5× faster.
copies=${COPIES:-1}
[[ -z "${COPIES:-}" && "$binary" == */release/* ]] && copies=3
timeout=${SLURM_TEST_TIMEOUT:-600}

tmp=$(mktemp -d /tmp/expo-slurm.XXXXXX)
chmod 755 "$tmp"
pids=()
jobs_submitted=()
cleanup() {
  local status=$?
  if ((${#jobs_submitted[@]})); then
    SLURM_CONF=$tmp/slurm.conf scancel "${jobs_submitted[@]}" 2>/dev/null || true
    sleep 1
  fi
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  if ((status != 0)); then
    for log in "$tmp"/*.log "$tmp"/work/*.log; do [[ -f "$log" ]] && { echo "--- $log" >&2; tail -n 20 "$log" >&2; }; done
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() { echo "FAIL slurm cluster test: $*" >&2; exit 1; }

# --- the catalog: COPIES copies of the default catalog's entries, each with its own name
catalog=$root/Sources/CatalogLoading/Resources/DefaultCatalog
python3 - "$catalog" "$copies" "$tmp" <<'PY' || fail "cannot write the test catalog"
import json, sys
folder, copies, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
poster = json.load(open(f"{folder}/poster.json", encoding="utf-8"))
items = json.load(open(f"{folder}/items.json", encoding="utf-8"))
entries = []
for copy in range(1, copies + 1):
    for item in items:
        entry = dict(item)
        if copy > 1:
            entry["name"] = f"{item['name']} {copy}"
            entry["image_name"] = f"{item.get('image_name', 'item')}-{copy}"
        entries.append(entry)
json.dump(poster, open(f"{out}/poster.json", "w", encoding="utf-8"), ensure_ascii=False)
json.dump(entries, open(f"{out}/items.json", "w", encoding="utf-8"), ensure_ascii=False)
print(f"catalog: the poster and {len(entries)} entries ({copies} copies of the default catalog's)")
PY
# The pictures beside the items file come along (found as the catalog's images/ folder), so the
# guide is the same as the page test's guide of the default catalog.
[[ ! -d "$catalog/images" ]] || cp -r "$catalog/images" "$tmp/images"
args="--poster-file $tmp/poster.json --items-file $tmp/items.json"
# One copy is the default catalog itself, named as a user names it (by no option): the guide
# records the settings it was made with, so the one-machine guide of the default catalog is
# byte-identical only to a cluster guide of the default catalog, not of a copy of its files.
[[ "$copies" != 1 ]] || args=""

# --- munge, with its own key and socket
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/work"
chmod 700 "$tmp/munge"
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/munge.key"
munged --foreground --force --key-file="$tmp/munge/munge.key" --socket="$tmp/munge/socket" \
  --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/munged.log" --seed-file="$tmp/munge/seed" \
  >"$tmp/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [[ -S "$tmp/munge/socket" ]] && break; sleep 0.1; done
[[ -S "$tmp/munge/socket" ]] || fail "munged did not start (see $tmp/munged.log)"

# --- slurm.conf: one node, this machine, ports of its own
host=$(hostname -s)
cpus=$(nproc)
port=$((20000 + RANDOM % 20000))
cat > "$tmp/slurm.conf" <<CONF
ClusterName=expotest
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/socket
CredType=cred/munge
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
MpiDefault=none
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=expotest Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$tmp/slurm.conf
slurmctld -D -i -f "$SLURM_CONF" >"$tmp/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$tmp/slurmd.out" 2>&1 &
pids+=($!)
ready=""
for _ in $(seq 100); do
  state=$(sinfo -h -N -o '%t' 2>/dev/null | head -1)
  [[ "$state" == idle* ]] && { ready=1; break; }
  sleep 0.2
done
[[ -n "$ready" ]] || fail "the one-node cluster did not come up (node state '${state:-none}')"
echo "cluster up: slurmctld, slurmd and munged (pids ${pids[*]}), node $host with $cpus CPUs"

# --- the guide from the cluster: the array of shards, then assemble once they all succeeded
started=$(date +%s%N)
submitted=$(EXPO_CACHE=$tmp/cache EXPO_OUTPUT=$tmp/cluster-guide EXPO_NARRATE=$binary EXPO_ARGS=$args \
  deploy/slurm/submit.sh "$shards" --chdir="$tmp/work" --cpus-per-task=1) || fail "sbatch refused the jobs"
echo "$submitted"
array=$(sed -n 's/^shards: job \([0-9]*\).*/\1/p' <<< "$submitted")
assemble=$(sed -n 's/.*assemble: job \([0-9]*\).*/\1/p' <<< "$submitted")
jobs_submitted=("$array" "$assemble")
deadline=$(($(date +%s) + timeout))
while [[ -n "$(squeue -h -j "$array,$assemble" 2>/dev/null)" ]]; do
  (($(date +%s) < deadline)) || fail "the jobs did not finish within $timeout s"
  sleep 1
done
cluster_seconds=$((($(date +%s%N) - started) / 1000000000))
for job in "$array" "$assemble"; do
  # Read whole, then searched: `grep -q` on the pipe would close it early (SIGPIPE under pipefail).
  states=$(scontrol show job "$job" | grep -o 'JobState=[A-Z_]*' | sort -u | tr '\n' ' ')
  echo "job $job: $states"
  [[ "$states" == "JobState=COMPLETED " ]] || fail "job $job did not complete (every task): $states"
done
cat "$tmp"/work/expo-narrate-shard-*.log
grep -h 'shard .* made' "$tmp"/work/expo-narrate-assemble-*.log || true
[[ -f "$tmp/cluster-guide/manifest.json" ]] || fail "the assemble job published nothing"

# --- the same catalog on one machine (or the guide the page test made of it with this binary)
started=$(date +%s%N)
one_machine=$tmp/one-machine
if [[ -n "${ONE_MACHINE_GUIDE:-}" && "$copies" == 1 ]]; then
  [[ -f "$ONE_MACHINE_GUIDE/manifest.json" ]] || fail "ONE_MACHINE_GUIDE=$ONE_MACHINE_GUIDE holds no published guide"
  one_machine=$ONE_MACHINE_GUIDE
  echo "one machine: the guide in $one_machine"
else
  # shellcheck disable=SC2086
  "$binary" --all --quiet $args --output "$one_machine" || fail "the one-machine run failed"
fi
one_machine_note="one machine: $((($(date +%s%N) - started) / 1000000000)) s"
[[ "$one_machine" == "$tmp/one-machine" ]] || one_machine_note="one machine: the page test's guide"

# --- every published file the same, byte for byte
# (the guide is plain files in its folder, with the tool's record of them, .expo-narrate)
files=$(cd "$one_machine/" && find . -type f | sort)
[[ "$files" == "$(cd "$tmp/cluster-guide/" && find . -type f | sort)" ]] || fail "the two guides have different files"
diff -r "$one_machine/" "$tmp/cluster-guide/" >&2 || fail "the guides differ"
echo "PASS slurm cluster test: $(wc -l <<< "$files") published files byte-identical (Slurm, $shards shards: $cluster_seconds s; $one_machine_note)"
