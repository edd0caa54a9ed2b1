#!/usr/bin/env bash
# The compressed formats, measured side by side on this machine (issue 13's bar):
#   (p) the peer script a user would write for the same files at the same encoder settings:
#       `espeak-ng -w` per track, `opusenc` and `lame` per track, then the tracks joined with
#       ffmpeg's concat demuxer (stream copy), one after another;
#   (f) the floor: the same opusenc and lame work alone, spread over the cores, no speech;
#   (g) (f) plus decoding and measuring every encoded file (loudness, true peak), as a run must;
#   (b) `expo-narrate --all --format opus,mp3`, cold (empty output and cache);
#   (c) warm, nothing changed; (d) one entry's description changed;
#   (m) peak resident memory of any of its processes on a catalog ten times the size (every
#       format on; GNU time's maximum over the process tree).
# Data: the original Expo 1900 data (shared/fixtures/expo1900 beside the checkout or above),
# else the bundled default catalog. Usage: Benchmarks/formats.sh  (REPEAT=3 by default;
# SCALE=10 for (m), 0 to leave it out)
set -euo pipefail
cd "$(dirname "$0")/.."
repeat="${REPEAT:-3}"
scale="${SCALE:-10}"
cores="$(nproc)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

for tool in opusenc lame ffmpeg /usr/bin/time; do
    command -v "$tool" > /dev/null || { echo "installing opus-tools lame ffmpeg time" >&2
        apt-get install -y -qq opus-tools lame ffmpeg time > /dev/null; break; }
done
swift build -c release --product expo-narrate > /dev/null
binary="$PWD/.build/release/expo-narrate"

fixtures=""
for folder in .. ../.. ../../..; do
    [ -f "$folder/shared/fixtures/expo1900/items.json" ] && fixtures="$(cd "$folder/shared/fixtures/expo1900" && pwd)" && break
done
if [ -n "$fixtures" ]; then
    poster="$fixtures/exposition_universelle_1900.json"; items="$fixtures/items.json"
else
    poster="$PWD/Sources/CatalogLoading/Resources/DefaultCatalog/poster.json"
    items="$PWD/Sources/CatalogLoading/Resources/DefaultCatalog/items.json"
fi
catalog=(--poster-file "$poster" --items-file "$items")

# Wall seconds of one run of "$@", after the disk settled.
wall() {
    sync; sleep 0.3
    local start end
    start="$(date +%s.%N)"; "$@" > /dev/null 2>&1; end="$(date +%s.%N)"
    python3 -c "print(f'{$end - $start:.3f}')"
}
best() { printf '%s\n' "$@" | sort -n | head -1; }

# The spoken scripts and WAVs the peer script speaks and encodes (the same words).
"$binary" --all "${catalog[@]}" --text-only --quiet --output "$work/text"
mapfile -t scripts < <(find "$work/text" -maxdepth 1 -name '*.spoken.txt' | sort)

peer() {
    local out="$work/peer"; rm -rf "$out"; mkdir -p "$out"
    : > "$out/opus.list"; : > "$out/mp3.list"
    for script in "${scripts[@]}"; do
        local name; name="$(basename "$script" .spoken.txt)"
        espeak-ng -v ko -s 160 -w "$out/$name.wav" -f "$script"
        opusenc --quiet --bitrate 24 --comp 6 "$out/$name.wav" "$out/$name.opus"
        lame --quiet -V 7 "$out/$name.wav" "$out/$name.mp3"
        echo "file '$out/$name.opus'" >> "$out/opus.list"; echo "file '$out/$name.mp3'" >> "$out/mp3.list"
    done
    ffmpeg -loglevel error -y -f concat -safe 0 -i "$out/opus.list" -c copy "$out/guide.opus"
    ffmpeg -loglevel error -y -f concat -safe 0 -i "$out/mp3.list" -c copy "$out/guide.mp3"
}

floor() {
    find "$work/peer" -maxdepth 1 -name '*.wav' ! -name guide.wav -print0 | xargs -0 -P "$cores" -I{} sh -c \
        'opusenc --quiet --bitrate 24 --comp 6 "$1" "$1.f.opus" && lame --quiet -V 7 "$1" "$1.f.mp3"' _ {}
}

# The floor of what the issue asks beyond encoding: the same encoders, then every encoded file
# decoded and measured (integrated loudness and true peak: ffmpeg's ebur128 filter), as a run
# must do for the manifest; still no speech.
measured_floor() {
    find "$work/peer" -maxdepth 1 -name '*.wav' ! -name guide.wav -print0 | xargs -0 -P "$cores" -I{} sh -c \
        'opusenc --quiet --bitrate 24 --comp 6 "$1" "$1.g.opus" && lame --quiet -V 7 "$1" "$1.g.mp3" &&
         for f in "$1.g.opus" "$1.g.mp3"; do ffmpeg -nostats -hide_banner -i "$f" -af ebur128=peak=true -f null - 2> /dev/null; done' _ {}
}

export XDG_CACHE_HOME="$work/xdg-cache"   # the runs' default cache, emptied for each cold run
cold() { rm -rf "$work/out" "$XDG_CACHE_HOME"; "$binary" --all "${catalog[@]}" --format opus,mp3 --quiet --output "$work/out"; }
warm() { "$binary" --all "${catalog[@]}" --format opus,mp3 --quiet --output "$work/out"; }
changed() {
    "$binary" --all --poster-file "$poster" --items-file "$work/changed-$1.json" --format opus,mp3 --quiet --output "$work/out"
}

peer > /dev/null 2>&1  # the WAVs for the floor, and a warm-up
p=(); f=(); g=(); b=(); c=(); d=()
for run in $(seq "$repeat"); do
    p+=("$(wall peer)"); f+=("$(wall floor)"); g+=("$(wall measured_floor)"); b+=("$(wall cold)"); c+=("$(wall warm)")
    python3 - "$items" "$work/changed-$run.json" "$run" <<'PY'
import json, sys
items = json.load(open(sys.argv[1], encoding="utf-8"))
items[0]["desc"] += f" 바뀐 문장 {sys.argv[3]}."
json.dump(items, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)
PY
    d+=("$(wall changed "$run")")
done

rss="not measured"
if [ "$scale" -gt 0 ]; then
    python3 - "$poster" "$items" "$work/big" "$scale" <<'PY'
import json, sys
poster, items, out, scale = json.load(open(sys.argv[1], encoding="utf-8")), json.load(open(sys.argv[2], encoding="utf-8")), sys.argv[3], int(sys.argv[4])
poster["description"] = "\n\n".join([poster["description"]] * scale)
big = [dict(item, name=f"{item['name']} {copy}", image_name=f"{item['image_name']}-{copy}") for copy in range(scale) for item in items]
json.dump(poster, open(out + "-poster.json", "w", encoding="utf-8"), ensure_ascii=False)
json.dump(big, open(out + "-items.json", "w", encoding="utf-8"), ensure_ascii=False)
PY
    /usr/bin/time -f "%M" -o "$work/rss.txt" "$binary" --all --poster-file "$work/big-poster.json" \
        --items-file "$work/big-items.json" --format opus,mp3 --quiet --output "$work/big-out" > /dev/null 2>&1
    rss="$(( $(cat "$work/rss.txt") / 1024 )) MB"
fi

python3 - "$(best "${p[@]}")" "$(best "${f[@]}")" "$(best "${b[@]}")" "$(best "${c[@]}")" "$(best "${d[@]}")" \
    "$rss" "$cores" "$repeat" "$(du -sh "$work/out" | cut -f1)" "$(best "${g[@]}")" <<'PY'
import sys
p, f, b, c, d = map(float, sys.argv[1:6])
rss, cores, repeat, size = sys.argv[6:10]
g = float(sys.argv[10])
print(f"expo-narrate formats benchmark: {cores} cores, best of {repeat} runs; output folder {size}")
rows = [
    ("(p) peer script: espeak-ng, opusenc, lame per track, ffmpeg joins", p, "", ""),
    (f"(f) floor: opusenc and lame alone over {cores} cores", f, f"(f)/(p) = {f / p:.3f}", ""),
    (f"(g) floor with each encoded file decoded and measured", g, f"(g)/(p) = {g / p:.3f}", ""),
    ("(b) expo-narrate --all --format opus,mp3, cold", b, f"(b)/(p) = {b / p:.3f}", f"<= 0.6: {'pass' if b / p <= 0.6 else 'FAIL'}"),
    ("(c) warm, nothing changed", c, f"(c)/(b) = {c / b:.3f}", f"<= 0.05: {'pass' if c / b <= 0.05 else 'FAIL'}"),
    ("(d) one entry changed", d, f"(d)/(b) = {d / b:.3f}", f"<= 0.2: {'pass' if d / b <= 0.2 else 'FAIL'}"),
]
for name, seconds, ratio, bar in rows:
    print(f"{name:<66} {seconds:8.3f} s  {ratio:<18} {bar}")
print(f"(m) peak RSS of any process, catalog x10, every format: {rss} (bar <= 64 MB)")
PY
