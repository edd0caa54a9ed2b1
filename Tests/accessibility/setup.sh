#!/usr/bin/env bash
# Installs what Tests/accessibility needs on Debian 12; safe to run again.
# Chromium and its driver come from Debian, so Selenium never downloads a browser or driver.
# The Python packages go into a virtual environment (default: .build/accessibility-venv in the
# checkout, or EXPO_A11Y_VENV), made with Debian's python3; its path is printed last.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="${EXPO_A11Y_VENV:-$root/.build/accessibility-venv}"

if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi

# fonts-nanum: Korean glyphs, so screenshots of the page are readable.
packages=(chromium chromium-driver python3-venv python3-pip fonts-nanum)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
    $sudo apt-get update >&2
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" >&2
fi

# The environment gets no pip of its own: Debian's pip installs into it (--python), and without
# compiling every module ahead (Python compiles what the tests import). Measured on 2 cores:
# ensurepip and the ahead-of-time compilation were 6 of the 8 s of CPU a fresh set-up took.
if [ ! -x "$venv/bin/python" ]; then
    /usr/bin/python3 -m venv --without-pip "$venv" >&2
fi
pip=(/usr/bin/python3 -m pip --python "$venv/bin/python" install --quiet --no-compile --disable-pip-version-check)
# Reinstall only when the requirements changed since the last install.
stamp="$venv/.requirements"
if ! cat "$here/requirements.txt" "$here/requirements-axe.txt" | cmp -s - "$stamp"; then
    "${pip[@]}" -r "$here/requirements.txt" >&2
    # Only for the axe-core 4.x it ships (WCAG 2.2 rules): Playwright itself is not needed.
    "${pip[@]}" --no-deps -r "$here/requirements-axe.txt" >&2
    cat "$here/requirements.txt" "$here/requirements-axe.txt" > "$stamp"
fi
echo "$venv"
