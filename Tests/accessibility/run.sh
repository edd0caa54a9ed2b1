#!/usr/bin/env bash
# Makes a real guide with the built binary (with audio, and text-only, and one with every
# format for the page's list of editions) and checks the pages
# with axe-core in headless Chromium, plays the guide from file:// and from a local server, and
# takes screenshots. Called by scripts/test.sh after `swift build`.
# EXPO_GUIDE_KEEP=DIR: make the two guides in DIR/guide and DIR/text-only and keep them
# (scripts/test.sh hands DIR/guide to the Slurm test as its one-machine guide); otherwise they
# are made in a temporary folder and removed.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

venv="$(bash Tests/accessibility/setup.sh)"
binary="${EXPO_NARRATE_BIN:-$(swift build --show-bin-path)/expo-narrate}"
if [[ -n "${EXPO_GUIDE_KEEP:-}" ]]; then
    work="$EXPO_GUIDE_KEEP"
    rm -rf "$work/guide" "$work/text-only" "$work/editions"
    mkdir -p "$work"
else
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
fi

"$binary" --all --quiet --output "$work/guide"
"$binary" --all --quiet --text-only --output "$work/text-only"
# Every edition the tool makes, each linked from the page (test_reach.py).
"$binary" --all --quiet --format opus,mp3,epub,brf,pef,labels --output "$work/editions"

# Screenshots (1280 and 320 px, light and dark) and measurements.json go to EXPO_SCREENSHOT_DIR
# (default .build/accessibility-screenshots).
EXPO_GUIDE_PAGE="$work/guide/index.html:$work/text-only/index.html" EXPO_GUIDE_CHECK_FILES=1 \
    EXPO_EDITIONS_PAGE="$work/editions/index.html" \
    "$venv/bin/python" -m pytest -q -p no:cacheprovider Tests/accessibility
