#!/usr/bin/env bash
# Shows that a change leaves the guide byte-identical: builds the release binary of REV (default:
# the commit before HEAD) in a temporary worktree and of this checkout, makes the guide of the
# bundled default catalog (and, when shared/fixtures/expo1900 is beside the checkout, of the
# original data) with both, and compares every file. manifest.json is compared without the
# tool's version. Usage: scripts/compare-outputs.sh [REV]
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:-HEAD~1}
work=$(mktemp -d)
trap 'git worktree remove --force "$work/before" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

git worktree add --detach "$work/before" "$rev" >/dev/null
echo "Building $rev and this checkout (release)…" >&2
(cd "$work/before" && swift build -c release --product expo-narrate >/dev/null)
swift build -c release --product expo-narrate >/dev/null

fixtures=""
for dir in .. ../.. ../../..; do
  [[ -f "$dir/shared/fixtures/expo1900/items.json" ]] && fixtures=$(cd "$dir/shared/fixtures/expo1900" && pwd) && break
done

run() {  # binary, output folder, extra arguments
  local binary=$1 out=$2; shift 2
  (cd "$work/before" && "$binary" --all --quiet --no-cache --output "$out" "$@")
}

status=0
compare() {  # name, extra arguments
  local name=$1; shift
  run "$work/before/.build/release/expo-narrate" "$work/$name-before" "$@"
  run "$PWD/.build/release/expo-narrate" "$work/$name-after" "$@"
  for file in "$work/$name-before"/*; do
    base=$(basename "$file")
    if [[ $base == manifest.json ]]; then
      if ! diff <(grep -v '"toolVersion"' "$file") <(grep -v '"toolVersion"' "$work/$name-after/$base") >/dev/null; then
        echo "DIFFERS: $name/$base"; status=1
      fi
    elif ! cmp -s "$file" "$work/$name-after/$base"; then
      echo "DIFFERS: $name/$base"; status=1
    fi
  done
  extra=$(comm -13 <(ls "$work/$name-before") <(ls "$work/$name-after"))
  [[ -z $extra ]] || { echo "NEW FILES in $name: $extra"; status=1; }
  echo "$name: $(ls "$work/$name-before" | wc -l) files compared"
}

compare default
compare default-text --text-only
if [[ -n $fixtures ]]; then
  compare original --poster-file "$fixtures/exposition_universelle_1900.json" --items-file "$fixtures/items.json"
else
  echo "original: skipped (shared/fixtures/expo1900 not found beside the checkout)"
fi
((status == 0)) && echo "byte-identical" || echo "outputs differ"
exit $status
