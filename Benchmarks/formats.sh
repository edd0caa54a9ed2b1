#!/usr/bin/env bash
# What a run costs against the scripts a user would write instead, side by side in one run on
# one machine (issue 28's bars), each figure with its floor: what the machine needs at least.
#
#   (p) the peer script for the default formats (WAV + Opus): `espeak-ng -w` and `opusenc` per
#       track at the profile's voice, rate and our encoder settings (24 kb/s VBR, complexity 6,
#       speech, 20 ms), spread over the cores with `xargs -P`, then ffmpeg joining the Opus
#       tracks (stream copy) into guide.opus; (p1) the same one track at a time;
#   (s) the speech floor: the same `espeak-ng -w` calls alone, over the cores;
#   (b) `expo-narrate --all`, cold (empty output and cache), default formats, every encoded
#       file decoded and measured;
#   (c) warm, nothing changed (and the bytes it wrote); floor (l): `expo-narrate --list` on the
#       catalog, a process that loads the catalog and stops;
#   (d) one entry's description changed; floor (o): `espeak-ng -w` and `opusenc` of that one
#       track alone;
#   (a) the espeak-ng CLI loop: `espeak-ng -w` per track, one after another;
#   (w) `expo-narrate --all --format wav`, cold; (x) the same, warm;
#   (m) peak memory of a cold default `--all` on a catalog ten times the size (every entry ten
#       times under other names, the poster's description ten times as long): the PSS of the
#       run and all its processes (workers, helpers), read from /proc/PID/smaps_rollup every
#       20 ms, summed at each instant, the largest sum (bar: 64 MB); a child not yet past its
#       exec, which still shares its parent's address space, is not counted twice. MEMORY=0
#       skips it (it takes about ten cold runs' time).
#
# Data: the original Expo 1900 data (shared/fixtures/expo1900 beside the checkout or above),
# else the bundled default catalog; DATA=default forces the latter. Each figure is the fastest
# of REPEAT runs (default 2), wall seconds, with the CPU seconds of every process it ran.
# Every timed run starts after a sync. Needs opus-tools and ffmpeg (installed here with apt-get
# when missing) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."
repeat="${REPEAT:-2}"
cores="$(nproc)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for tool in opusenc ffmpeg; do
    command -v "$tool" > /dev/null || { echo "installing opus-tools ffmpeg" >&2
        apt-get install -y -qq opus-tools ffmpeg > /dev/null; break; }
done
# The program as the README's commands build it (scripts/run-guide.sh, install.sh, the .deb):
# the Swift runtime and Foundation linked in, which makes each of its processes start sooner.
swift build -c release --static-swift-stdlib --product expo-narrate > /dev/null
binary="$PWD/.build/release/expo-narrate"

fixtures=""
if [ "${DATA:-}" != default ]; then
    for folder in .. ../.. ../../..; do
        [ -f "$folder/shared/fixtures/expo1900/items.json" ] && fixtures="$(cd "$folder/shared/fixtures/expo1900" && pwd)" && break
    done
fi
if [ -n "$fixtures" ]; then
    poster="$fixtures/exposition_universelle_1900.json"; items="$fixtures/items.json"; data="the original data"
else
    poster="$PWD/Sources/CatalogLoading/Resources/DefaultCatalog/poster.json"
    items="$PWD/Sources/CatalogLoading/Resources/DefaultCatalog/items.json"; data="the default catalog"
fi
catalog=(--poster-file "$poster" --items-file "$items")
read -r voice rate < <(python3 -c 'import json; p = json.load(open("Voices/standard.json")); print(p["espeakVoice"], p["rate"])')
export voice rate
opus_settings="--quiet --bitrate 24 --comp 6 --speech --framesize 20"
export opus_settings

# The spoken scripts (the words the voice gets), one per track.
"$binary" --all "${catalog[@]}" --text-only --quiet --output "$work/text" --cache "$work/text-cache"
find "$work/text" -maxdepth 1 -name '*.spoken.txt' | sort > "$work/scripts.txt"
first_script="$(python3 - "$items" "$work/text" <<'PY'
import json, pathlib, sys
# The track of the first entry, the one (d) changes: "01-<stem>.spoken.txt".
print(sorted(pathlib.Path(sys.argv[2]).glob("01-*.spoken.txt"))[0])
PY
)"
python3 - "$items" "$work/changed.json" <<'PY'
import json, sys
items = json.load(open(sys.argv[1], encoding="utf-8"))
items[0]["desc"] += " 바뀐 문장입니다."
json.dump(items, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
PY

# "WALL CPU" of one run of "$@" (a command or a function of this script; output discarded),
# after the disk settled: wall seconds, and the user + system seconds of every process it ran
# (`times` in a subshell sees that subshell's children, and a process's figures include the
# children it reaped, so xargs's jobs and the run's workers count).
timed() {
    sync; sleep 0.3
    (
        start="$(date +%s.%N)"
        "$@" > /dev/null 2>&1 || echo "failed: $*" >&2
        end="$(date +%s.%N)"
        times > "$work/times.txt"
        python3 - "$start" "$end" "$(tail -1 "$work/times.txt")" <<'PY'
import re, sys
start, end, children = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
cpu = sum(int(m) * 60 + float(s) for m, s in re.findall(r"(\d+)m([\d.]+)s", children))
print(f"{end - start:.3f} {cpu:.3f}")
PY
    )
}

peer_track() {  # speak and encode one script into $out (the peer's unit of work)
    local name; name="$(basename "$1" .spoken.txt)"
    espeak-ng -v "$voice" -s "$rate" -w "$out/$name.wav" -f "$1"
    # shellcheck disable=SC2086
    opusenc $opus_settings "$out/$name.wav" "$out/$name.opus"
}
speak_track() { espeak-ng -v "$voice" -s "$rate" -w "$out/$(basename "$1" .spoken.txt).wav" -f "$1"; }
export -f peer_track speak_track
peer() {  # $1: parallel jobs
    export out="$work/peer"; rm -rf "$out"; mkdir -p "$out"
    tr '\n' '\0' < "$work/scripts.txt" | xargs -0 -P "$1" -n 1 bash -c 'peer_track "$0"'
    sed "s|.*/\(.*\)\.spoken\.txt|file '$out/\1.opus'|" "$work/scripts.txt" > "$out/list.txt"
    ffmpeg -loglevel error -y -f concat -safe 0 -i "$out/list.txt" -c copy "$out/guide.opus"
}
speech_floor() {
    export out="$work/speech"; rm -rf "$out"; mkdir -p "$out"
    tr '\n' '\0' < "$work/scripts.txt" | xargs -0 -P "$cores" -n 1 bash -c 'speak_track "$0"'
}
one_track() { export out="$work/one"; rm -rf "$out"; mkdir -p "$out"; peer_track "$first_script"; }
espeak_loop() {
    export out="$work/loop"; rm -rf "$out"; mkdir -p "$out"
    while read -r script; do speak_track "$script"; done < "$work/scripts.txt"
}
# Each output folder has its cache beside it (the default one is outside, in the user's cache
# folder), so that a cold run empties both.
cold() { rm -rf "$work/out" "$work/out-cache"; "$binary" --all "${catalog[@]}" --quiet --output "$work/out" --cache "$work/out-cache"; }
warm() { "$binary" --all "${catalog[@]}" --quiet --output "$work/out" --cache "$work/out-cache"; }
changed() {  # the changed catalog, then back to the original (both one-entry changes)
    "$binary" --all --poster-file "$poster" --items-file "$work/changed.json" --quiet --output "$work/out" --cache "$work/out-cache"
}
restore() { "$binary" --all "${catalog[@]}" --quiet --output "$work/out" --cache "$work/out-cache"; }
list() { "$binary" --list "${catalog[@]}"; }
wav_cold() { rm -rf "$work/wav" "$work/wav-cache"; "$binary" --all "${catalog[@]}" --format wav --quiet --output "$work/wav" --cache "$work/wav-cache"; }
wav_warm() { "$binary" --all "${catalog[@]}" --format wav --quiet --output "$work/wav" --cache "$work/wav-cache"; }
# Bytes a warm run writes: the kernel's I/O counters of a shell that ran it (they include the
# children it reaped).
warm_writes() {
    bash -c '"$@" > /dev/null 2>&1; awk "/^(wchar|write_bytes)/ { printf \"%s %s \", \$1, \$2 }" /proc/$$/io' _ \
        "$binary" --all "${catalog[@]}" --quiet --output "$work/out" --cache "$work/out-cache"
}

peer "$cores" > /dev/null 2>&1  # a warm-up: espeak-ng's data and the encoders in the page cache
declare -A best
keep() {  # keep the fastest wall time (with its CPU) of measurement $1
    local figures; figures="$(timed "${@:2}")"
    if [ -z "${best[$1]:-}" ] || awk -v a="${figures% *}" -v b="${best[$1]% *}" 'BEGIN { exit !(a < b) }'; then
        best[$1]="$figures"
    fi
}
for _ in $(seq "$repeat"); do
    keep p peer "$cores"; keep p1 peer 1; keep s speech_floor; keep o one_track; keep a espeak_loop
    keep b cold; keep c warm; keep l list; keep d changed; restore > /dev/null 2>&1
    keep w wav_cold; keep x wav_warm
done
# The first unchanged run after (d)'s restore re-hashes the files that run carried over and
# rewrites the cache's digest ledger once; every unchanged run after it writes only stderr.
writes="after a changing run: $(warm_writes); the next: $(warm_writes)"

# (m) PSS summed over the run's process tree at each instant, its peak: "KB PROCESSES MAIN_KB".
peak_pss() {
    python3 - "$@" <<'PY'
import ctypes, os, subprocess, sys, time
libc = ctypes.CDLL(None, use_errno=True)
def children(pid):
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found += [int(c) for c in f.read().split()]
    except OSError:
        pass
    # A child between posix_spawn's vfork and its exec runs in its parent's address space
    # (kcmp KCMP_VM, syscall 312 on x86-64): the same pages, not counted twice.
    return [c for c in found if libc.syscall(312, pid, c, 1, 0, 0) != 0]
def pss(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0
run = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
peak = (0, 0, 0)
while run.poll() is None:
    tree, todo = [], [run.pid]
    while todo:
        pid = todo.pop()
        tree.append(pid)
        todo += children(pid)
    figures = [pss(pid) for pid in tree]
    total = sum(figures)
    if total > peak[0]:
        names = []
        for pid in tree:
            try:
                names.append(open(f"/proc/{pid}/cmdline").read().split("\0")[1][:16] or "run")
            except (OSError, IndexError):
                names.append("?")
        shares = ",".join(f"{n}={f // 1024}" for n, f in zip(names, figures) if f)
        peak = (total, sum(1 for f in figures if f), figures[0], shares)
    time.sleep(0.02)
print(*peak)
PY
}
memory="skipped (MEMORY=0)"
if [ "${MEMORY:-1}" != 0 ]; then
    python3 Benchmarks/ten-times-catalog.py "$poster" "$items" "$work/big"
    sync
    memory="$(peak_pss "$binary" --all --poster-file "$work/big/poster.json" --items-file "$work/big/items.json" \
        --quiet --output "$work/big-out" --cache "$work/big-cache")"
fi

python3 - "$data" "$cores" "$repeat" "$(du -sh "$work/out" | cut -f1)" "$writes" "$(uptime)" "$memory" \
    "${best[p]}" "${best[p1]}" "${best[s]}" "${best[b]}" "${best[c]}" "${best[l]}" "${best[d]}" "${best[o]}" \
    "${best[a]}" "${best[w]}" "${best[x]}" <<'PY'
import sys
data, cores, repeat, size, writes, load, memory = sys.argv[1:8]
names = ["p", "p1", "s", "b", "c", "l", "d", "o", "a", "w", "x"]
wall = {n: float(v.split()[0]) for n, v in zip(names, sys.argv[8:])}
cpu = {n: float(v.split()[1]) for n, v in zip(names, sys.argv[8:])}
print(f"expo-narrate formats benchmark: {data}, {cores} cores, fastest of {repeat}; output {size}")
print(f"  {load.strip()}")
rows = [
    ("p", f"(p) peer: espeak-ng -w + opusenc per track, xargs -P {cores}, ffmpeg joins", None),
    ("p1", "(p1) the same peer, one track at a time", None),
    ("s", f"(s) floor: espeak-ng -w alone, xargs -P {cores}", None),
    ("b", "(b) expo-narrate --all, cold (WAV + Opus, all measured)", None),
    ("c", "(c) warm, nothing changed", None),
    ("l", "(l) floor: expo-narrate --list (start, load the catalog)", None),
    ("d", "(d) one entry changed", None),
    ("o", "(o) floor: espeak-ng -w + opusenc of that track alone", None),
    ("a", "(a) espeak-ng CLI loop, one track at a time", None),
    ("w", "(w) expo-narrate --all --format wav, cold", None),
    ("x", "(x) the same, warm", None),
]
for key, name, _ in rows:
    print(f"{name:<72} {wall[key]:8.3f} s wall {cpu[key]:8.2f} s CPU")
print()
def bar(label, a, b, limit, floor_label, f):
    # The wall ratio is the bar; the CPU ratio beside it is steadier on a shared machine, where
    # other work stretches each wall time differently.
    value, floor = wall[a] / wall[b], wall[f] / wall[b]
    verdict = "pass" if value <= limit else "NOT MET"
    note = " (the bar is below this floor)" if floor > limit else ""
    print(f"{label:<9} {value:6.3f}  bar <= {limit:<5} {verdict:<8} CPU {cpu[a] / cpu[b]:6.3f}   "
          f"floor {floor_label} {floor:6.3f}, CPU {cpu[f] / cpu[b]:6.3f}{note}")
bar("(b)/(p)", "b", "p", 1.0, "(s)/(p)", "s")
print(f"{'(b)/(p1)':<9} {wall['b'] / wall['p1']:6.3f}  (the one-at-a-time peer)        CPU {cpu['b'] / cpu['p1']:6.3f}")
bar("(c)/(b)", "c", "b", 0.03, "(l)/(b)", "l")
bar("(d)/(b)", "d", "b", 0.15, "(o)/(b)", "o")
bar("(w)/(a)", "w", "a", 0.85, "(s)/(a)", "s")
bar("(x)/(w)", "x", "w", 0.05, "(l)/(w)", "l")
if memory.split()[0].isdigit():
    total, processes, main = (int(x) for x in memory.split()[:3])
    verdict = "pass" if total <= 64 * 1024 else "NOT MET"
    print(f"{'(m)':<9} {total / 1024:6.1f} MB PSS at the peak, {processes} processes (the run's own {main / 1024:.1f} MB)"
          f"  bar <= 64 MB {verdict}")
    print(f"          at the peak, MB by process (first argument): {memory.split()[3]}")
else:
    print(f"(m) {memory}")
print(f"(c) wrote, {writes.strip()} (bytes; wchar counts write calls, stderr included; write_bytes what reached the disk layer)")
PY
