#!/usr/bin/env bash
# Builds a Debian package of expo-narrate with dpkg-deb: the binary (release, Swift runtime
# linked in statically) in /usr/bin, the default catalog and Voices/ in /usr/share/expo-narrate,
# the man page and bash, zsh and fish completions (made by install.sh from the argument parser),
# the documentation, and Depends: on the Debian packages that hold the shared
# libraries the binary links (found with readelf and dpkg -S), plus the data they read.
#
# Usage: scripts/build-deb.sh [--output DIR] [--binary FILE] [--scratch-path DIR] [--unoptimized]
#   --output DIR   where to write expo-narrate_VERSION_ARCH.deb (default: the checkout's dist/)
#   --scratch-path DIR  build in DIR instead of .build (e.g. while tests hold .build)
#   --binary FILE  package this already built binary instead of building one
#   --unoptimized  build the release configuration without the optimiser (-Onone): for tests of
#                  the packaging itself (20 s instead of 2 min on 2 cores), never for distribution
# Prints the path of the .deb on stdout.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
output="$root/dist"
binary=""
scratch=""
optimizer=()
while (($#)); do
  case "$1" in
    --output) output=${2:?"--output needs a folder"}; shift 2 ;;
    --binary) binary=${2:?"--binary needs a file"}; shift 2 ;;
    --scratch-path) scratch=${2:?"--scratch-path needs a folder"}; shift 2 ;;
    --unoptimized) optimizer=(-Xswiftc -Onone); shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build-deb.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done

if [[ -z "$binary" ]]; then
  # No debug information: the binary is stripped below, so it would only cost compile time.
  build=(swift build -c release --static-swift-stdlib -Xswiftc -gnone "${optimizer[@]}")
  [[ -z "$scratch" ]] || build+=(--scratch-path "$scratch")
  (cd "$root" && "${build[@]}" --product expo-narrate >&2)
  binary="$(cd "$root" && "${build[@]}" --show-bin-path)/expo-narrate"
fi
[[ -x "$binary" ]] || { echo "build-deb.sh: $binary is not an executable file" >&2; exit 66; }

version=$("$binary" --version)
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage="$work/expo-narrate_${version}_${arch}"
"$root/scripts/install.sh" --prefix "$stage/usr" --binary "$binary" 2>/dev/null
strip --strip-unneeded "$stage/usr/bin/expo-narrate" 2>/dev/null || true

# install.sh put the man page and the completions under usr/share; Debian's zsh looks for
# packaged completions in vendor-completions (site-functions is for the local administrator).
mv "$stage/usr/share/zsh/site-functions" "$stage/usr/share/zsh/vendor-completions"

doc="$stage/usr/share/doc/expo-narrate"
install -d "$doc"
install -m 0644 "$root/README.md" "$doc/README.md"
install -d "$doc/docs"
install -m 0644 "$root"/docs/*.md "$doc/docs/"

# Depends: the package of each shared library the binary needs directly (DT_NEEDED).
packages=()
for soname in $(readelf -d "$binary" | sed -n 's/.*Shared library: \[\(.*\)\]/\1/p'); do
  path=$(ldd "$binary" | awk -v name="$soname" '$1 == name && $2 == "=>" { print $3 }')
  [[ -n "$path" ]] || path=$(ldconfig -p | awk -v name="$soname" '$1 == name { print $NF; exit }')
  [[ -n "$path" ]] || { echo "build-deb.sh: $soname is not found on this system" >&2; exit 69; }
  owner=""
  for candidate in "$path" "$(readlink -f "$path")" "/usr$path" "/usr$(readlink -f "$path")"; do
    owner=$(dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1) && [[ -n "$owner" ]] && break
  done
  [[ -n "$owner" ]] || { echo "build-deb.sh: no Debian package holds $soname ($path); link it statically" >&2; exit 69; }
  packages+=("$owner")
done
# Data the libraries read at run time: espeak-ng's voices, libhangul's Hanja dictionary, the
# Korean spelling dictionary for 'check', liblouis's braille tables; and libvips, which the
# program opens with dlopen when it prepares a picture (so it is not among the DT_NEEDED above).
packages+=(espeak-ng-data libhangul-data hunspell-ko liblouis-data libvips42)
depends=$(printf '%s\n' "${packages[@]}" | sort -u | paste -sd, - | sed 's/,/, /g')

install -d "$stage/DEBIAN"
size=$(du -sk "$stage/usr" | cut -f1)
cat > "$stage/DEBIAN/control" <<CONTROL
Package: expo-narrate
Version: $version
Architecture: $arch
Maintainer: expo-narrate maintainers <expo-narrate@localhost>
Installed-Size: $size
Depends: $depends
Section: sound
Priority: optional
Description: accessible audio guides from a museum catalog
 Turns a museum catalog (JSON: a poster and its entries) into an accessible
 audio guide in Korean: narration through espeak-ng, WAV/Opus/MP3 audio,
 WebVTT captions, an accessible read-along page, an EPUB 3 talking book.
 'expo-narrate check' reports what the voice will get wrong before publishing.
CONTROL

install -d "$output"
deb="$output/expo-narrate_${version}_${arch}.deb"
# gzip at level 6 rather than dpkg-deb's default 9: 9 takes several times longer for a file
# hardly smaller (Benchmarks/README.md).
dpkg-deb --root-owner-group -Zgzip -z6 --build "$stage" "$deb" >&2
echo "$deb"
