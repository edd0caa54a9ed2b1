#!/usr/bin/env bash
# Installs expo-narrate under a prefix: the binary in PREFIX/bin, the default catalog and the
# Voices folder in PREFIX/share/expo-narrate (where the binary looks for them: ../share/expo-narrate
# from itself), the man page in PREFIX/share/man/man1 and completions where bash
# (share/bash-completion/completions), zsh (share/zsh/site-functions) and fish
# (share/fish/vendor_completions.d) look for them; the page and the completions are made by the
# installed binary's own argument parser, so they list exactly its commands and options. The
# binary is a release build with the Swift runtime linked in statically, so it needs only the
# Debian libraries that scripts/install-dependencies.sh installs.
#
# Usage: scripts/install.sh [--prefix DIR] [--binary FILE] [--scratch-path DIR]
#   --prefix DIR   where to install (default /usr/local)
#   --scratch-path DIR  build in DIR instead of .build (e.g. while tests hold .build)
#   --binary FILE  install this already built binary instead of building one
set -euo pipefail

prefix=/usr/local
binary=""
scratch=""
while (($#)); do
  case "$1" in
    --prefix) prefix=${2:?"--prefix needs a folder"}; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --binary) binary=${2:?"--binary needs a file"}; shift 2 ;;
    --scratch-path) scratch=${2:?"--scratch-path needs a folder"}; shift 2 ;;
    --binary=*) binary=${1#--binary=}; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -z "$binary" ]]; then
  build=(swift build -c release --static-swift-stdlib)
  [[ -z "$scratch" ]] || build+=(--scratch-path "$scratch")
  (cd "$root" && "${build[@]}" --product expo-narrate >&2)
  binary="$(cd "$root" && "${build[@]}" --show-bin-path)/expo-narrate"
fi
[[ -x "$binary" ]] || { echo "install.sh: $binary is not an executable file" >&2; exit 66; }

share="$prefix/share/expo-narrate"
install -d "$prefix/bin" "$share"
install -m 0755 "$binary" "$prefix/bin/expo-narrate"
# Replace the resources whole, so a file removed from the checkout does not linger.
for folder in DefaultCatalog Voices; do
  rm -rf "$share/$folder.new"
done
cp -R "$root/Sources/CatalogLoading/Resources/DefaultCatalog" "$share/DefaultCatalog.new"
cp -R "$root/Voices" "$share/Voices.new"
for folder in DefaultCatalog Voices; do
  chmod -R u=rwX,go=rX "$share/$folder.new"
  rm -rf "$share/$folder"
  mv "$share/$folder.new" "$share/$folder"
done

# The man page and the completions, from the argument parser of the binary just installed.
install -d "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
  "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
python3 "$root/scripts/make-manual.py" "$prefix/bin/expo-narrate" "$prefix/share/man/man1/expo-narrate.1.gz"
"$prefix/bin/expo-narrate" --generate-completion-script bash > "$prefix/share/bash-completion/completions/expo-narrate"
"$prefix/bin/expo-narrate" --generate-completion-script zsh > "$prefix/share/zsh/site-functions/_expo-narrate"
"$prefix/bin/expo-narrate" --generate-completion-script fish > "$prefix/share/fish/vendor_completions.d/expo-narrate.fish"
chmod 0644 "$prefix/share/man/man1/expo-narrate.1.gz" "$prefix/share/bash-completion/completions/expo-narrate" \
  "$prefix/share/zsh/site-functions/_expo-narrate" "$prefix/share/fish/vendor_completions.d/expo-narrate.fish"
echo "Installed $prefix/bin/expo-narrate, $share/{DefaultCatalog,Voices}, the man page and bash, zsh and fish completions." >&2
