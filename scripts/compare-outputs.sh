#!/usr/bin/env bash
# Shows that a change leaves the guide byte-identical: builds the release binary of REV (default:
# the commit before HEAD) in a temporary worktree and of this checkout, makes the guide of the
# bundled default catalog (and, when shared/fixtures/expo1900 is beside the checkout, of the
# original data) with both, and compares every file. manifest.json is compared without the
# tool's version. Usage: scripts/compare-outputs.sh [REV]
#
# scripts/compare-outputs.sh --folders A B compares two guides already made (e.g. one run given
# its settings as options, one given them by a project file), the same way, building nothing.
set -euo pipefail

status=0
compare_folders() {  # before, after, name
  local before=$1 after=$2 name=$3
  for file in "$before"/*; do
    base=$(basename "$file")
    if [[ $base == manifest.json ]]; then
      if ! diff <(grep -v '"toolVersion"' "$file") <(grep -v '"toolVersion"' "$after/$base") >/dev/null; then
        echo "DIFFERS: $name/$base"; status=1
      fi
    elif [[ -d $file ]]; then
      diff -r "$file" "$after/$base" >/dev/null || { echo "DIFFERS: $name/$base/"; status=1; }
    elif ! cmp -s "$file" "$after/$base"; then
      echo "DIFFERS: $name/$base"; status=1
    fi
  done
  extra=$(comm -13 <(ls "$before") <(ls "$after"))
  [[ -z $extra ]] || { echo "NEW FILES in $name: $extra"; status=1; }
  echo "$name: $(ls "$before" | wc -l) files compared"
}

if [[ ${1:-} == --folders ]]; then
  [[ $# == 3 && -d $2 && -d $3 ]] || { echo "usage: $0 --folders GUIDE-A GUIDE-B (two folders of published guides)" >&2; exit 64; }
  compare_folders "$2" "$3" "$(basename "$3")"
  ((status == 0)) && echo "byte-identical" || echo "outputs differ"
  exit $status
fi

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

compare() {  # name, extra arguments
  local name=$1; shift
  run "$work/before/.build/release/expo-narrate" "$work/$name-before" "$@"
  run "$PWD/.build/release/expo-narrate" "$work/$name-after" "$@"
  compare_folders "$work/$name-before" "$work/$name-after" "$name"
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
