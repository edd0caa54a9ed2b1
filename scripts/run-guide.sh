#!/usr/bin/env bash
# Builds expo-narrate and makes the audio guide of the bundled default catalog in output/.
# Any arguments are passed to expo-narrate (default: --all).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-dependencies.sh
swift build -c release --static-swift-stdlib --product expo-narrate
if (($#)); then
  .build/release/expo-narrate "$@"
else
  .build/release/expo-narrate --all
fi
