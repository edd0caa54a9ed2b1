#!/usr/bin/env bash
# The Korean speech normalizer alone: throughput and (optionally) sameness against another build.
#
#   Benchmarks/normalizer.sh                 build release, time `expo-narrate normalize` on ~20 MB
#                                            of generated Korean text with numbers, dates and units,
#                                            print MB/s (best of REPEAT runs, one process, one core).
#   Benchmarks/normalizer.sh --compare BIN   also print the lines of the catalog texts (the shared
#                                            Expo 1900 fixtures and the default catalog) that BIN
#                                            speaks differently from this build; exit 1 if any.
#
# Environment: NORMALIZE_MB (default 20), REPEAT (default 3), SKIP_BUILD=1 to use the existing
# release binary, BINARY to time another build. Needs python3, bc and GNU time (/usr/bin/time).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
compare=""
if [ "${1:-}" = "--compare" ]; then compare="$2"; fi
megabytes="${NORMALIZE_MB:-20}"
repeat="${REPEAT:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    (cd "$root" && swift build -c release --static-swift-stdlib --product expo-narrate >&2)
fi
binary="${BINARY:-$root/.build/release/expo-narrate}"

fixtures=""
folder="$root"
while [ "$folder" != "/" ]; do
    if [ -d "$folder/shared/fixtures/expo1900" ]; then fixtures="$folder/shared/fixtures/expo1900"; break; fi
    folder="$(dirname "$folder")"
done

# The catalog texts, one line each: every string of the parseable fixture files and the default catalog.
python3 - "$work/catalog.txt" "$root/Sources/CatalogLoading/Resources/DefaultCatalog" ${fixtures:+"$fixtures"} <<'PY'
import json, pathlib, sys
lines = []
def collect(value):
    if isinstance(value, str):
        lines.extend(line for line in value.split("\n") if line.strip())
    elif isinstance(value, list):
        for item in value: collect(item)
    elif isinstance(value, dict):
        for item in value.values(): collect(item)
for folder in sys.argv[2:]:
    for path in sorted(pathlib.Path(folder).glob("*.json")):
        try:
            collect(json.loads(path.read_text(encoding="utf-8")))
        except ValueError:
            continue
pathlib.Path(sys.argv[1]).write_text("\n".join(lines) + "\n", encoding="utf-8")
PY

# Generated sentences: counters, dates, times, ranges, units, money, Hanja, Latin, signs.
python3 - "$work/generated.txt" <<'PY'
import random, sys
random.seed(1900)
templates = [
    "이 그릇은 높이 {a}.{b}㎝, 입지름 {c}.{d}㎝이며 {y}년에 만들어졌다.",
    "전시는 {y}년 {m}월 {d1}일부터 {m2}월 {d2}일까지 {h}시에 열린다.",
    "관람객 {n:,}명이 찾았고 입장료는 {p:,}원이다. 학생 {s}명과 교사 {t}명.",
    "{y}. {m}. {d1}. ~ {y2}. {m2}. {d2}. 국보 제{n}호 특별전 (문의 02-{a}{b}{c}-{d}{d}{d}{d})",
    "기온은 -{t}℃에서 {s}℃까지, 무게 {a}.{b}kg, 길이 {c}~{d}m, 면적 {p:,}㎡.",
    "景福宮은 {y}년에 지었다. 3·1 운동과 6·25 전쟁, KBS와 LED, {s}:{t}로 이겼다.",
    "{h}:{mi} ~ {h2}:{mi} 상영, 사과 {s}개, 차 {t}대, 책 {a}권 {b}책, {c}번 출구, {d}번째 방문.",
]
out, size, target = [], 0, int(sys.argv[2]) if len(sys.argv) > 2 else 0
while size < 2_000_000:
    line = random.choice(templates).format(
        a=random.randint(1, 9), b=random.randint(0, 9), c=random.randint(1, 9), d=random.randint(0, 9),
        y=random.randint(1392, 2025), y2=random.randint(1392, 2025), m=random.randint(1, 12), m2=random.randint(1, 12),
        d1=random.randint(1, 28), d2=random.randint(1, 28), h=random.randint(0, 23), h2=random.randint(0, 23),
        mi="%02d" % random.randint(0, 59), n=random.randint(1, 999_999), p=random.randint(100, 999_999),
        s=random.randint(1, 99), t=random.randint(1, 99))
    out.append(line)
    size += len(line.encode()) + 1
open(sys.argv[1], "w", encoding="utf-8").write("\n".join(out) + "\n")
PY

target=$((megabytes * 1000 * 1000))
: > "$work/large.txt"
while [ "$(stat -c %s "$work/large.txt")" -lt "$target" ]; do
    cat "$work/generated.txt" "$work/catalog.txt" >> "$work/large.txt"
done
bytes="$(stat -c %s "$work/large.txt")"

# The machine may be shared: time the process's own CPU time (user + system) as well as the wall
# clock, and report MB/s over CPU time, which other processes disturb far less.
best=""
best_wall=""
for _ in $(seq "$repeat"); do
    start="$(date +%s.%N)"
    /usr/bin/time -f '%U %S' -o "$work/cpu" taskset -c 0 "$binary" normalize < "$work/large.txt" > "$work/spoken.txt"
    end="$(date +%s.%N)"
    wall="$(echo "$end - $start" | bc -l)"
    seconds="$(awk '{print $1 + $2}' "$work/cpu")"
    if [ -z "$best" ] || [ "$(echo "$seconds < $best" | bc -l)" = 1 ]; then best="$seconds"; fi
    if [ -z "$best_wall" ] || [ "$(echo "$wall < $best_wall" | bc -l)" = 1 ]; then best_wall="$wall"; fi
done
printf 'normalize: %d bytes in %.3f s CPU (%.3f s wall) = %.1f MB/s on one core\n' "$bytes" "$best" "$best_wall" \
    "$(echo "$bytes / $best / 1000000" | bc -l)"

if [ -n "$compare" ]; then
    cat "$work/catalog.txt" "$work/generated.txt" > "$work/compare.txt"
    "$compare" normalize < "$work/compare.txt" > "$work/before.txt"
    "$binary" normalize < "$work/compare.txt" > "$work/after.txt"
    total="$(wc -l < "$work/compare.txt")"
    if cmp -s "$work/before.txt" "$work/after.txt"; then
        echo "compare: all $total lines spoken identically"
    else
        paste -d '\n' "$work/compare.txt" "$work/before.txt" "$work/after.txt" | awk 'NR%3==1{w=$0} NR%3==2{b=$0} NR%3==0{if(b!=$0){print "written: " w; print "before:  " b; print "after:   " $0; n++}} END{print n " lines differ"}' | tail -60
        exit 1
    fi
fi
