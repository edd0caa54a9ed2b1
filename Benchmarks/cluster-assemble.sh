#!/usr/bin/env bash
# More than one machine: how long `--assemble-only` takes on a cache the shards filled,
# against a cold one-machine `--all` run of the same catalog (the bar: at most 10%).
#
# Each timing is the fastest of REPEAT runs. Every assemble run starts from a fresh copy of the
# cache exactly as the shards left it (no narration, no cached guide.wav: what the assemble job
# of a cluster finds), copied before the clock starts, into a new output folder. Checks that the
# assembled guide is byte-identical to the one-machine guide.
#
# Usage: Benchmarks/cluster-assemble.sh
# Environment: EXPO_NARRATE_BIN (default .build/release/expo-narrate, else .build/debug/…),
#              REPEAT (default 2), SHARDS (default 4), COPIES (copies of the default catalog's
#              entries, default 1), JOBS (--jobs of the cold run; default: the number of cores).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
binary=${EXPO_NARRATE_BIN:-$root/.build/release/expo-narrate}
[[ -x "$binary" ]] || binary=$root/.build/debug/expo-narrate
repeat=${REPEAT:-2}
shards=${SHARDS:-4}
copies=${COPIES:-1}
jobs=${JOBS:-$(nproc)}

tmp=$(mktemp -d /tmp/expo-assemble-bench.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
python3 - "$root/Sources/CatalogLoading/Resources/DefaultCatalog" "$copies" "$tmp" <<'PY'
import json, sys
folder, copies, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
items = json.load(open(f"{folder}/items.json", encoding="utf-8"))
entries = [dict(item, name=item["name"] + (f" {c}" if c > 1 else "")) for c in range(1, copies + 1) for item in items]
json.dump(json.load(open(f"{folder}/poster.json", encoding="utf-8")), open(f"{out}/poster.json", "w"), ensure_ascii=False)
json.dump(entries, open(f"{out}/items.json", "w"), ensure_ascii=False)
PY
catalog=(--all --quiet --poster-file "$tmp/poster.json" --items-file "$tmp/items.json")

now() { date +%s%N; }
fastest() { local best=""; for t in "$@"; do [[ -z "$best" || $t -lt $best ]] && best=$t; done; echo "$best"; }

cold=()
export XDG_CACHE_HOME="$tmp/xdg-cache"   # the one-machine runs' default cache, emptied for each
for i in $(seq "$repeat"); do
  rm -rf "$tmp/one" "$XDG_CACHE_HOME"
  start=$(now); "$binary" "${catalog[@]}" --jobs "$jobs" --output "$tmp/one"; cold+=($(($(now) - start)))
done

start=$(now)
for k in $(seq 0 $((shards - 1))); do
  "$binary" "${catalog[@]}" --shard "$k/$shards" --cache "$tmp/filled" --jobs 1 2>>"$tmp/shards.log" &
done
wait
shard_wall=$(($(now) - start))

assemble=()
for i in $(seq "$repeat"); do
  rm -rf "$tmp/cache" "$tmp/two"
  cp -a "$tmp/filled" "$tmp/cache"
  start=$(now)
  "$binary" "${catalog[@]}" --assemble-only --cache "$tmp/cache" --output "$tmp/two"
  assemble+=($(($(now) - start)))
done
diff -r "$tmp/one/" "$tmp/two/" >/dev/null || { echo "FAIL: the assembled guide differs" >&2; exit 1; }

tracks=$(grep -c . <(python3 -c "import json;print('\n'.join(['p']+[e['name'] for e in json.load(open('$tmp/items.json'))]))"))
c=$(fastest "${cold[@]}"); a=$(fastest "${assemble[@]}")
printf 'catalog: %d tracks; binary %s; fastest of %d runs; machine shared with other work (under load)\n' \
  "$tracks" "${binary#"$root"/}" "$repeat"
printf '  cold --all, one machine (--jobs %d):   %6.2f s\n' "$jobs" "$(awk "{print \$1/1e9}" <<< "$c")"
printf '  %d shards side by side (--jobs 1 each): %6.2f s\n' "$shards" "$(awk '{print $1/1e9}' <<< "$shard_wall")"
printf '  --assemble-only on the filled cache:  %6.2f s\n' "$(awk '{print $1/1e9}' <<< "$a")"
printf '  assemble / cold:                      %6.3f (bar: <= 0.10)\n' "$(awk -v a="$a" -v c="$c" 'BEGIN {print a/c}')"
echo "  the assembled guide is byte-identical to the one-machine guide"
