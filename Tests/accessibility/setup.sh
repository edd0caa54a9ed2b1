#!/usr/bin/env bash
# Installs what Tests/accessibility needs on Debian 12; safe to run again.
# Chromium and its driver come from Debian, so Selenium never downloads a browser or driver.
set -euo pipefail
cd "$(dirname "$0")"

if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi

# fonts-nanum: Korean glyphs, so screenshots of the page are readable.
packages=(chromium chromium-driver python3-pip fonts-nanum)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
    $sudo apt-get update
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
fi

# Debian's own python3 refuses system-wide installs (PEP 668) unless told otherwise;
# the flag is ignored by a pip that does not know it.
export PIP_BREAK_SYSTEM_PACKAGES=1
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore -r requirements.txt
