#!/usr/bin/env bash
# Installs the Debian packages expo-narrate needs, on Debian 12 with the Swift toolchain.
# Usage: scripts/install-dependencies.sh [--test]   (--test adds what the test suite needs)
set -euo pipefail

packages=(pkg-config libespeak-ng-dev espeak-ng-data libhangul-dev libhangul-data libssl-dev libhunspell-dev hunspell-ko
  libopus-dev libsoxr-dev libmp3lame-dev libebur128-dev libopusfile-dev libmpg123-dev liblouis-dev liblouis-data
  libvips42 python3)
if [[ "${1:-}" == "--test" ]]; then
  packages+=(espeak-ng sox chromium chromium-driver python3-venv ffmpeg lame epubcheck
    python3-yaml python3-m3u8 aapt slurm-wlm slurm-client munge zip unzip jing libbrailleutils-java webp libjpeg-turbo-progs
    man-db daisy-player tmux gcc libc6-dev strace util-linux)
fi

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if ((${#missing[@]})); then
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  echo "Installing: ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
