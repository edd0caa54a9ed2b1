#!/usr/bin/env bash
# The benchmark of expo-narrate against what a user would otherwise do, in one run on one machine.
#
# Measures, on the original Expo 1900 data (shared/fixtures/expo1900, found beside an ancestor
# of this folder; nothing of it is committed):
#   (a) baseline: a shell loop running `espeak-ng -v ko -w` once per track over the same spoken
#       scripts expo-narrate speaks, one after another;
#   (b) `expo-narrate --all` cold (empty cache), --jobs = number of cores;
#   (c) the same again, warm (nothing changed);
#   (d) one entry's description changed, warm otherwise;
#   (e) `expo-narrate normalize` alone on a large text (fixture texts repeated; this replaces
#       Benchmarks/normalizer-throughput.sh), and (e2) `expo-narrate pronounce` on the same text
#       (normaliser plus the pronunciation stage: what the voice receives);
#   (f) peak resident memory on a catalog ten times the size of the original.
# Checks on the way that --jobs 1 and --jobs N give byte-identical outputs, and that (c) and (d)
# synthesize nothing and exactly one track. Prints a table with the ratios and the issue's bars.
#
# Usage: Benchmarks/run.sh
# Environment: REPEAT (runs per timing, the fastest kept; default 3),
#              NORMALIZE_MB (size of the normalizer's input; default 20).
# Needs what scripts/install-dependencies.sh --test installs, python3, and GNU time
# (/usr/bin/time, Debian package `time`, installed here with apt-get when missing).
set -euo pipefail

repeat="${REPEAT:-3}"
normalize_mb="${NORMALIZE_MB:-20}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

fixtures=""
folder="$root"
while [ "$folder" != "/" ]; do
    if [ -d "$folder/shared/fixtures/expo1900" ]; then fixtures="$folder/shared/fixtures/expo1900"; break; fi
    folder="$(dirname "$folder")"
done
if [ -z "$fixtures" ] || [ ! -f "$fixtures/exposition_universelle_1900.json" ] || [ ! -f "$fixtures/items.json" ]; then
    echo "error: no shared/fixtures/expo1900 (with exposition_universelle_1900.json and items.json)" \
         "in $root or any folder above it" >&2
    exit 1
fi
poster="$fixtures/exposition_universelle_1900.json"
items="$fixtures/items.json"

for tool in espeak-ng python3; do
    command -v "$tool" >/dev/null || { echo "error: $tool is missing (scripts/install-dependencies.sh --test)" >&2; exit 1; }
done
if [ ! -x /usr/bin/time ]; then
    echo "Installing GNU time (/usr/bin/time)…" >&2
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends time >/dev/null
fi

echo "Building (release)…" >&2
(cd "$root" && swift build -c release --static-swift-stdlib --product expo-narrate >/dev/null)
binary="$root/.build/release/expo-narrate"
cores="$(nproc)"

work="$(mktemp -d "${TMPDIR:-/tmp}/expo-narrate-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
results="$work/results.txt"
: > "$results"
# The cache goes beside the output folder (OUTPUT.cache), so that a new output folder starts
# cold, as it did when the cache lived inside it; the home folder's cache is never used.
narrate() {
    local args=("${@:3}") cache=() i
    for ((i = 0; i < ${#args[@]} - 1; i++)); do [[ ${args[i]} == --output ]] && cache=(--cache "${args[i + 1]}.cache"); done
    [[ " ${args[*]} " == *" --no-cache "* ]] && cache=()
    "$binary" --all --quiet --poster-file "$1" --items-file "$2" "${cache[@]}" "${args[@]}"
}
export XDG_CACHE_HOME="$work/xdg-cache"

# "WALL CPU" seconds of a command (its output discarded): wall clock, and the user + system
# time of every process it ran (a process's figures include the children it reaped, so the
# workers count). In a subshell, so `times` sees this command's processes only.
measure() {
    local start end
    # Every timed run starts from the same state: what earlier runs wrote is on the disk (a
    # run writes some 230 MB; left to the kernel, that writeback slowed the next run here).
    sync
    sleep 0.5
    start="$(date +%s.%N)"
    "$@" > /dev/null
    end="$(date +%s.%N)"
    times > "$work/times.txt"  # a builtin with a redirection: no subshell, whose figures would be 0
    python3 - "$start" "$end" "$(tail -1 "$work/times.txt")" <<'PY'
import re, sys
start, end, children = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
cpu = sum(int(m) * 60 + float(s) for m, s in re.findall(r"(\d+)m([\d.]+)s", children))
print(f"{end - start:.4f} {cpu:.4f}")
PY
}
# The fastest of the runs (least disturbed by anything else on the machine), as "WALL CPU".
best() { printf '%s\n' "$@" | sort -n | head -1; }
record() { echo "$*" >> "$results"; }
cache_entries() { find "$1" -maxdepth 1 -name '*.json' ! -name '.*' | wc -l; }

# The spoken scripts, exactly as expo-narrate speaks them.
narrate "$poster" "$items" --text-only --output "$work/text"
mapfile -t scripts < <(find "$work/text" -maxdepth 1 -name '*.spoken.txt' | sort)
echo "${#scripts[@]} tracks, $(cat "${scripts[@]}" | wc -c) bytes of spoken script; $cores cores; best of $repeat; load average $(cut -d" " -f1-3 /proc/loadavg)" >&2

# Copies the worker batch (batch.json: the SSML of every track and the voice profile) of a run
# writing into output folder $1 to file $2 while it exists; run it in the background.
catch_batch() {
    while :; do
        for batch in "$1".cache/.batch.partial-*/batch.json; do
            [ -s "$batch" ] && cp "$batch" "$2" && exit 0
        done
        sleep 0.01
    done
}

# (a) The baseline: one espeak-ng run per track, one after another.
baseline_loop() {
    local out="$1" script
    mkdir -p "$out"
    for script in "${scripts[@]}"; do
        espeak-ng -v ko -w "$out/$(basename "$script" .spoken.txt).wav" -f "$script"
    done
}
# (a) and (b) take turns, so that a slow spell of a shared machine falls on both alike.
baseline_times=()
cold_times=()
for run in $(seq "$repeat"); do
    baseline_times+=("$(measure baseline_loop "$work/baseline-$run")")
    cold_times+=("$(measure narrate "$poster" "$items" --jobs "$cores" --output "$work/cold-$run")")
done
record baseline $(best "${baseline_times[@]}")
echo "(a) baseline: ${baseline_times[*]}" >&2
audio_seconds="$(python3 - "$work/baseline-1" <<'PY'
import pathlib, sys, wave
total = 0.0
for path in pathlib.Path(sys.argv[1]).glob("*.wav"):
    with wave.open(str(path)) as w:
        total += w.getnframes() / w.getframerate()
print(f"{total:.1f}")
PY
)"

# (b) Cold, measured above: a fresh output folder each time, so its cache (OUTPUT.cache)
# starts empty.
record cold $(best "${cold_times[@]}")
echo "(b) cold: ${cold_times[*]}" >&2
guide="$work/cold-$repeat"

# (s) The floor under (b): the very SSML documents (b) gives espeak-ng, spoken by the espeak-ng
# command with the voice profile's settings, shared out longest first over $cores shell loops
# running side by side, writing no file. What (b) adds to this is its own work.
synthesis_floor() {
    local loop
    for loop in $(seq 0 $((cores - 1))); do
        ( while IFS=$'\t' read -r file settings; do
              # shellcheck disable=SC2086
              espeak-ng -m $settings -w /dev/null -f "$file"
          done < "$work/ssml/loop-$loop.txt" ) &
    done
    wait
}
# One more cold run, untimed, to catch the batch it gives the workers.
catch_batch "$work/floor-run" "$work/cold-batch.json" &
watcher=$!
narrate "$poster" "$items" --jobs "$cores" --output "$work/floor-run"
kill "$watcher" 2>/dev/null || true
wait "$watcher" 2>/dev/null || true
if [ -s "$work/cold-batch.json" ]; then
    python3 - "$work/cold-batch.json" "$work/ssml" "$cores" <<'PY'
import json, pathlib, sys
batch = json.load(open(sys.argv[1], encoding="utf-8"))
folder, cores = pathlib.Path(sys.argv[2]), int(sys.argv[3])
folder.mkdir()
profile = batch["profile"]
settings = f"-v {profile['espeakVoice']} -s {profile['rate']} -p {profile['pitch']} -a {profile['volume']} -g {profile['wordGap']}"
loads, loops = [0] * cores, [[] for _ in range(cores)]
for index, job in enumerate(sorted(batch["jobs"], key=lambda job: -len(job["ssml"]))):
    path = folder / f"{index:04d}.xml"
    path.write_text(job["ssml"], encoding="utf-8")
    lightest = loads.index(min(loads))
    loads[lightest] += len(job["ssml"])
    loops[lightest].append(f"{path}\t{settings}")
for number, lines in enumerate(loops):
    (folder / f"loop-{number}.txt").write_text("".join(line + "\n" for line in lines), encoding="utf-8")
PY
    times=()
    for run in $(seq "$repeat"); do times+=("$(measure synthesis_floor)"); done
    record floor $(best "${times[@]}")
    echo "(s) synthesis floor: ${times[*]}" >&2
else
    echo "warning: the batch of the cold run was not caught; no synthesis floor" >&2
    record floor 0 0
fi

# --jobs 1 must give the very same files.
narrate "$poster" "$items" --jobs 1 --no-cache --output "$work/jobs1"
if diff -r --exclude=.cache --exclude=.uncached "$work/jobs1" "$guide" > "$work/jobs.diff"; then
    identical="yes"
else
    identical="NO"
    head -5 "$work/jobs.diff" >&2
fi

# (c) Warm: the same command again in the same folder.
entries_before="$(cache_entries "$guide.cache")"
times=()
for run in $(seq "$repeat"); do times+=("$(measure narrate "$poster" "$items" --jobs "$cores" --output "$guide")"); done
record warm $(best "${times[@]}")
echo "(c) warm: ${times[*]}" >&2
warm_synthesized=$(( $(cache_entries "$guide.cache") - entries_before ))

# (d) One entry changed: the first entry's description gains a sentence, different each time.
times=()
entries_before="$(cache_entries "$guide.cache")"
for run in $(seq "$repeat"); do
    python3 - "$items" "$work/items-changed.json" "$run" <<'PY'
import json, sys
items = json.load(open(sys.argv[1], encoding="utf-8"))
items[0]["desc"] += f"\n\n이 설명은 시험 삼아 {sys.argv[3]}번째로 고친 것이다."
json.dump(items, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
PY
    times+=("$(measure narrate "$poster" "$work/items-changed.json" --jobs "$cores" --output "$guide")")
done
record changed $(best "${times[@]}")
echo "(d) one entry changed: ${times[*]}" >&2
changed_synthesized=$(( ($(cache_entries "$guide.cache") - entries_before) ))
changed_entry="$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[0]['name'])" "$items")"

# (e) The normalizer alone on a large text built from the fixtures' texts.
python3 - "$fixtures" "$work/seed.txt" <<'PY'
import json, pathlib, sys
lines = []
for path in sorted(pathlib.Path(sys.argv[1]).glob("*.json")):
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError:
        continue
    for item in data if isinstance(data, list) else [data]:
        for value in item.values():
            if isinstance(value, str):
                lines.extend(line for line in value.split("\n") if line.strip())
pathlib.Path(sys.argv[2]).write_text("\n".join(lines) + "\n", encoding="utf-8")
PY
target=$((normalize_mb * 1000 * 1000))
: > "$work/large.txt"
while [ "$(stat -c %s "$work/large.txt")" -lt "$target" ]; do cat "$work/seed.txt" >> "$work/large.txt"; done
large_bytes="$(stat -c %s "$work/large.txt")"
normalize_file() { "$binary" normalize < "$work/large.txt"; }
times=()
for run in $(seq "$repeat"); do times+=("$(measure normalize_file)"); done
record normalize $(best "${times[@]}")
echo "(e) normalize $large_bytes bytes: ${times[*]}" >&2
# (e2) The same text normalised and turned into its standard pronunciation (what the voice gets).
pronounce_file() { "$binary" pronounce < "$work/large.txt"; }
times=()
for run in $(seq "$repeat"); do times+=("$(measure pronounce_file)"); done
record pronounce $(best "${times[@]}")
echo "(e2) pronounce $large_bytes bytes: ${times[*]}" >&2

# (f) Peak memory on a catalog ten times the size: every entry ten times under distinct names,
# and a poster whose description is ten times as long.
python3 "$root/Benchmarks/ten-times-catalog.py" "$poster" "$items" "$work/big"
max_rss_kb() { awk -F': ' '/Maximum resident set size/ { print $2 }' "$1"; }
# While the cold run goes on, keep a copy of its worker batch, to run its longest job again alone.
catch_batch "$work/big-out" "$work/big-batch.json" &
watcher=$!
start="$(date +%s.%N)"
/usr/bin/time -v -o "$work/big-cold.time" "$binary" --all --quiet --jobs "$cores" \
    --poster-file "$work/big/poster.json" --items-file "$work/big/items.json" --cache "$work/big-out.cache" --output "$work/big-out"
end="$(date +%s.%N)"
kill "$watcher" 2>/dev/null || true
wait "$watcher" 2>/dev/null || true
big_tracks="$(find "$work/big-out" -maxdepth 1 -name '*.wav' ! -name guide.wav | wc -l)"
big_audio="$(python3 -c "import wave; w = wave.open('$work/big-out/guide.wav'); print(f'{w.getnframes() / w.getframerate() / 60:.0f}')")"
echo "(f) ten-times catalog: $big_tracks tracks, ${big_audio} min of audio, cold in $(python3 -c "print(f'{$end - $start:.1f}')") s" >&2
# All processes: Linux folds the peak of every reaped worker into the main process's figure.
record rss_all "$(max_rss_kb "$work/big-cold.time")" 0
# The main process alone: the same run warm starts no worker.
/usr/bin/time -v -o "$work/big-warm.time" "$binary" --all --quiet --jobs "$cores" \
    --poster-file "$work/big/poster.json" --items-file "$work/big/items.json" --cache "$work/big-out.cache" --output "$work/big-out"
record rss_main "$(max_rss_kb "$work/big-warm.time")" 0
# One worker alone, on the longest track (the ten-times poster).
if [ -s "$work/big-batch.json" ]; then
    mkdir -p "$work/big-batch/failed"
    cp "$work/big-batch.json" "$work/big-batch/batch.json"
    longest="$(python3 -c "import json,sys; jobs = json.load(open(sys.argv[1]))['jobs']; print(max(jobs, key=lambda j: len(j['ssml']))['key'])" "$work/big-batch.json")"
    profile_json="$(python3 -c "import json,sys; print(json.dumps(json.load(open(sys.argv[1]))['profile']))" "$work/big-batch.json")"
    # The speech server with that one job: its figure is the larger of the server's and the worker's.
    printf 'batch %s\njob %s\n' "$work/big-batch" "$longest" \
        | /usr/bin/time -v -o "$work/big-worker.time" "$binary" _speech-server "$profile_json" > /dev/null
    record rss_worker "$(max_rss_kb "$work/big-worker.time")" 0
else
    echo "warning: the worker batch of the ten-times run was not caught; no separate worker figure" >&2
    record rss_worker 0 0
fi

python3 - "$results" "$cores" "$large_bytes" "$identical" "$warm_synthesized" "$changed_synthesized" \
    "$repeat" "$changed_entry" "$audio_seconds" "$(cut -d" " -f1-3 /proc/loadavg)" <<'PY'
import sys
figures = {}
for line in open(sys.argv[1]):
    name, value, cpu = line.split()
    figures[name] = (float(value), float(cpu))
cores, large_bytes, identical = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
warm_made, changed_made, repeat, changed_entry = int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7]), sys.argv[8]
audio, load = float(sys.argv[9]), sys.argv[10]
(a, a_cpu), (b, b_cpu), (c, c_cpu), (d, d_cpu) = (figures[k] for k in ("baseline", "cold", "warm", "changed"))
s, s_cpu = figures["floor"]
normalize, normalize_cpu = figures["normalize"]
mb_per_s = large_bytes / 1e6 / normalize
pronounce, pronounce_cpu = figures["pronounce"]
pronounce_mb_per_s = large_bytes / 1e6 / pronounce
mb = lambda kb: kb / 1024
rss = lambda name: figures[name][0]
rows = [
    ("(a) baseline: espeak-ng -v ko -w per track, in turn", f"{a:.3f} s", f"{a_cpu:.2f} s", "", "", None),
    (f"(b) expo-narrate --all, cold, --jobs {cores}", f"{b:.3f} s", f"{b_cpu:.2f} s", f"(b)/(a) = {b / a:.3f}", "<= 0.6", b / a <= 0.6),
    (f"(s) its SSML alone through espeak-ng, {cores} loops", f"{s:.3f} s", f"{s_cpu:.2f} s",
     f"(s)/(a) = {s / a:.3f}" if s else "not measured", "(floor)", None),
    ("(c) warm, nothing changed", f"{c:.3f} s", f"{c_cpu:.2f} s", f"(c)/(b) = {c / b:.3f}", "<= 0.05", c / b <= 0.05),
    ("(d) one entry changed", f"{d:.3f} s", f"{d_cpu:.2f} s", f"(d)/(b) = {d / b:.3f}", "<= 0.2", d / b <= 0.2),
    (f"(e) normalize, {large_bytes / 1e6:.1f} MB", f"{normalize:.3f} s", f"{normalize_cpu:.2f} s", f"{mb_per_s:.1f} MB/s", ">= 5 MB/s", mb_per_s >= 5),
    (f"(e2) normalize + pronounce, {large_bytes / 1e6:.1f} MB", f"{pronounce:.3f} s", f"{pronounce_cpu:.2f} s",
     f"{pronounce_mb_per_s:.1f} MB/s", ">= 5 MB/s", pronounce_mb_per_s >= 5),
    ("(f) peak RSS, 10x catalog, any process", f"{mb(rss('rss_all')):.1f} MB", "", "", "<= 64 MB", rss("rss_all") <= 64 * 1024),
    ("    main process alone (warm run)", f"{mb(rss('rss_main')):.1f} MB", "", "", "<= 64 MB", rss("rss_main") <= 64 * 1024),
    ("    one worker alone (longest track)", f"{mb(rss('rss_worker')):.1f} MB", "", "", "<= 64 MB",
     None if rss("rss_worker") == 0 else rss("rss_worker") <= 64 * 1024),
]
print()
print(f"expo-narrate benchmark: {cores} cores, fastest of {repeat} runs, load average {load} at the end")
print(f"the baseline made {audio / 60:.1f} min of audio; (d) changed the entry {changed_entry}")
print(f"{'measurement':<52} {'wall':>10} {'CPU':>8}  {'ratio':<18} {'bar':<10} result")
for name, figure, cpu, ratio, bar, passed in rows:
    result = "" if passed is None else ("pass" if passed else "FAIL")
    print(f"{name:<52} {figure:>10} {cpu:>8}  {ratio:<18} {bar:<10} {result}")
print()
print(f"CPU time (all processes): (b)/(a) = {b_cpu / a_cpu:.2f}; with {cores} cores fully used, the wall ratio")
print(f"cannot go below {b_cpu / a_cpu / cores:.2f}")
if s:
    print(f"(s) is espeak-ng's share of (b): the profile's rate and pauses make {s_cpu / a_cpu:.2f} times the baseline's")
    print(f"synthesis CPU; (b) - (s) = {b - s:.3f} s of wall is expo-narrate's own work (scripts, loudness,")
    print(f"captions, guide.wav, cache) that the cores could not hide.")
print(f"--jobs 1 and --jobs {cores} outputs byte-identical: {identical}")
print(f"tracks synthesized by (c): {warm_made} (expected 0); by (d): {changed_made} over {repeat} runs (expected {repeat})")
ok = identical == "yes" and warm_made == 0 and changed_made == repeat
sys.exit(0 if ok else 1)
PY
