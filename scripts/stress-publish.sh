#!/usr/bin/env bash
# Four publishers and a reader against one output folder for DURATION seconds (default 60).
# The publishers alternate between two small catalogs (with audio, sharing one cache); the
# reader checks, over and over, that the guide the folder shows is whole: every file the
# manifest names is there, every WAV has the SHA-256 the manifest records, and the text files
# belong to the same catalog as the manifest. Prints a summary; exits 1 on any disagreement
# or any publisher that did not exit 0.
#
#   bash scripts/stress-publish.sh            # uses .build/debug/expo-narrate (builds if missing)
#   EXPO_NARRATE_BIN=path DURATION=20 bash scripts/stress-publish.sh
set -uo pipefail
cd "$(dirname "$0")/.."

BIN=${EXPO_NARRATE_BIN:-.build/debug/expo-narrate}
DURATION=${DURATION:-60}
[ -x "$BIN" ] || swift build --product expo-narrate >/dev/null || exit 2
BIN=$(readlink -f "$BIN")
WORK=$(mktemp -d /tmp/expo-stress.XXXXXX)
export XDG_CACHE_HOME="$WORK/cache-home"   # the publishers' shared default cache
trap 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null; rm -rf "$WORK"' EXIT
OUT="$WORK/out"

make_catalog() {  # name, mark
    mkdir -p "$WORK/$1"
    printf '{"title": "스트레스 %s", "visitors": 1200, "location": "서울", "duration": "1900", "description": "%s 판의 설명입니다."}' \
        "$2" "$2" >"$WORK/$1/poster.json"
    printf '[{"name": "항목 %s", "image_name": "item-%s", "short_desc": "짧은 설명", "desc": "%s 판의 항목입니다."}]' \
        "$2" "$2" "$2" >"$WORK/$1/items.json"
}
make_catalog a 가
make_catalog b 나

publisher() {  # number
    local runs=0 failures=0 which
    local end=$((SECONDS + DURATION))
    while [ $SECONDS -lt $end ]; do
        which=$([ $(((runs + $1) % 2)) -eq 0 ] && echo a || echo b)
        "$BIN" --all --quiet --jobs 1 --output "$OUT" --poster-file "$WORK/$which/poster.json" \
            --items-file "$WORK/$which/items.json" 2>>"$WORK/publisher-$1.log"
        status=$?
        runs=$((runs + 1))
        if [ $status -ne 0 ]; then failures=$((failures + 1)); echo "publisher $1: status $status" >>"$WORK/failures"; fi
    done
    echo "$runs $failures" >"$WORK/publisher-$1.result"
}

# One check of the guide as a reader sees it, file by file through the folder's path. The guide is
# swapped whole (the folder itself is exchanged), so a check during which the folder was swapped
# (its inode changed) says nothing ("swapped"); any other check must see one whole guide.
check_once() {
    python3 - "$OUT" <<'PY'
import hashlib, json, os, sys
out = sys.argv[1]
version = out
try:
    inode = os.lstat(out).st_ino
except OSError:
    print("empty"); sys.exit(0)
def swapped():
    try:
        return os.lstat(out).st_ino != inode
    except OSError:
        return True
if not os.path.exists(os.path.join(out, "manifest.json")):
    print("empty"); sys.exit(0)
try:
    manifest = json.load(open(os.path.join(version, "manifest.json"), encoding="utf-8"))
    mark = manifest["title"].split()[-1]
    for track in manifest["tracks"]:
        for name in track["files"].values():
            if name is None: continue
            data = open(os.path.join(version, name), "rb").read()
            if name.endswith(".wav") and hashlib.sha256(data).hexdigest() != track["sha256"]:
                print("swapped" if swapped() else "bad sha256 " + name); sys.exit(0)
    for name in ("guide.txt", "00-poster.txt"):
        if mark not in open(os.path.join(version, name), encoding="utf-8").read():
            print("swapped" if swapped() else "mixed " + name); sys.exit(0)
    print("swapped" if swapped() else "ok")
except FileNotFoundError as error:
    print("swapped" if swapped() else "missing " + str(error.filename)); sys.exit(0)
PY
}

reader() {
    local end=$((SECONDS + DURATION + 5)) result
    while [ $SECONDS -lt $end ]; do
        result=$(check_once)
        echo "$result" >>"$WORK/reads"
        case "$result" in ok|empty|swapped) ;; *) echo "reader: $result" >>"$WORK/failures" ;; esac
        sleep 0.1
    done
}

started=$SECONDS
for n in 1 2 3 4; do publisher $n & done
reader &
wait
runs=0; failed=0
for n in 1 2 3 4; do read -r r f <"$WORK/publisher-$n.result"; runs=$((runs + r)); failed=$((failed + f)); done
reads=$(grep -c . "$WORK/reads"); good=$(grep -c '^ok$' "$WORK/reads")
echo "stress-publish: $runs publications by 4 publishers ($failed failed), $reads reads ($good whole, $((reads - good)) before the first or during a swap), in $((SECONDS - started)) s"
if [ -s "$WORK/failures" ]; then
    sort "$WORK/failures" | uniq -c | head -20
    exit 1
fi
echo "stress-publish: every read saw one whole guide; every publisher exited 0"
