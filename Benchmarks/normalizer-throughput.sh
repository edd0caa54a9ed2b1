#!/usr/bin/env bash
# Throughput of `expo-narrate normalize` on a large Korean text, beside `cat` on the same file.
# The text is built in a temporary file by repeating the shared Expo 1900 fixtures' texts
# (nothing of them is committed). Usage: Benchmarks/normalizer-throughput.sh [megabytes, default 20]
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
megabytes="${1:-20}"
fixtures=""
folder="$root"
while [ "$folder" != "/" ]; do
    if [ -d "$folder/shared/fixtures/expo1900" ]; then fixtures="$folder/shared/fixtures/expo1900"; break; fi
    folder="$(dirname "$folder")"
done
if [ -z "$fixtures" ]; then
    echo "error: no shared/fixtures/expo1900 folder beside an ancestor of $root" >&2
    exit 1
fi

cd "$root"
swift build -c release --product expo-narrate >/dev/null
binary="$root/.build/release/expo-narrate"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
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
target=$((megabytes * 1024 * 1024))
: > "$work/input.txt"
while [ "$(stat -c %s "$work/input.txt")" -lt "$target" ]; do cat "$work/seed.txt" >> "$work/input.txt"; done
bytes="$(stat -c %s "$work/input.txt")"

seconds() { local start end; start="$(date +%s.%N)"; "$@" < "$work/input.txt" > /dev/null; end="$(date +%s.%N)"; echo "$end - $start" | bc -l; }
cat_time="$(seconds cat)"
normalize_time="$(seconds "$binary" normalize)"

python3 - "$bytes" "$normalize_time" "$cat_time" <<'PY'
import sys
size, normalize, cat = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
mb = size / 1e6
print(f"input: {mb:.1f} MB of Korean text (fixture texts repeated)")
print(f"normalize: {normalize:.3f} s  {mb / normalize:.1f} MB/s")
print(f"cat:       {cat:.3f} s  {mb / max(cat, 1e-9):.1f} MB/s")
print(f"normalize takes {normalize / max(cat, 1e-9):.0f}x the time of cat on the same file")
PY
