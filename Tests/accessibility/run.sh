#!/usr/bin/env bash
# Makes a real guide with the built binary (with audio, and text-only) and checks both pages
# with axe-core in headless Chromium. Called by scripts/test.sh after `swift build`.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

bash Tests/accessibility/setup.sh >/dev/null
binary="${EXPO_NARRATE_BIN:-$(swift build --show-bin-path)/expo-narrate}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$binary" --all --quiet --output "$work/guide"
"$binary" --all --quiet --text-only --output "$work/text-only"

EXPO_GUIDE_PAGE="$work/guide/index.html:$work/text-only/index.html" EXPO_GUIDE_CHECK_FILES=1 \
    python3 -m pytest -q -p no:cacheprovider Tests/accessibility
