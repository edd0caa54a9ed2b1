#!/usr/bin/env bash
# What each candidate reader of the project file (expo-narrate.yaml) adds to a clean debug build:
# three throw-away packages, one with no dependency, one with jpsim/Yams 5.0.1 (libyaml, C,
# compiled in) and one with LebJe/TOMLKit 0.6.0 (toml++, a C++ header library), each a one-line
# program that parses a small document. Each is resolved once, then built clean REPEAT times
# (default 3: its .build products removed, its checkouts kept), timed with GNU time; prints the
# fastest wall and CPU seconds of each and what each adds over the empty package.
# Usage: bash Benchmarks/project-file-parsers.sh   (needs git access to the two packages and
# GNU time: apt-get install time)
set -euo pipefail
repeat=${REPEAT:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

package() {  # folder, dependency line, product, package name, program
  mkdir -p "$work/$1/Sources/probe"
  local deps="" uses=""
  if [[ -n $2 ]]; then
    deps="dependencies: [$2],"
    uses="dependencies: [.product(name: \"$3\", package: \"$4\")]"
  fi
  cat > "$work/$1/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription
let package = Package(name: "probe", $deps
  targets: [.executableTarget(name: "probe", $uses)])
SWIFT
  printf '%s\n' "$5" > "$work/$1/Sources/probe/main.swift"
  (cd "$work/$1" && swift package resolve >/dev/null)
}

package p-none "" "" "" 'print("probe")'
package p-yams '.package(url: "https://github.com/jpsim/Yams", exact: "5.0.1")' Yams Yams \
  'import Yams
print(try Yams.compose(yaml: "voice: standard\nformat: [opus, mp3]\n")?.mapping?.keys.first?.mark?.line ?? 0)'
package p-toml '.package(url: "https://github.com/LebJe/TOMLKit", exact: "0.6.0")' TOMLKit TOMLKit \
  'import TOMLKit
print(try TOMLTable(string: "voice = \"standard\"\nformat = [\"opus\", \"mp3\"]\n")["voice"]?.string ?? "")'

best() {  # folder → "wall cpu" of the fastest clean build
  local folder=$1 best_wall="" best_cpu=""
  for _ in $(seq "$repeat"); do
    rm -rf "$work/$folder/.build/x86_64-unknown-linux-gnu" "$work/$folder/.build/debug"
    sync
    /usr/bin/time -f "%e %U %S" -o "$work/time" sh -c "cd '$work/$folder' && swift build >/dev/null"
    read -r wall user system < "$work/time"
    cpu=$(echo "$user + $system" | bc)
    if [[ -z $best_wall ]] || (( $(echo "$wall < $best_wall" | bc) )); then best_wall=$wall; best_cpu=$cpu; fi
  done
  echo "$best_wall $best_cpu"
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
read -r none_wall none_cpu < <(best p-none)
printf '%-8s wall %7.1f s  cpu %7.1f s\n' none "$none_wall" "$none_cpu"
for name in yams toml; do
  read -r wall cpu < <(best "p-$name")
  printf '%-8s wall %7.1f s  cpu %7.1f s  adds wall %6.1f s, cpu %6.1f s\n' "$name" "$wall" "$cpu" \
    "$(echo "$wall - $none_wall" | bc)" "$(echo "$cpu - $none_cpu" | bc)"
done
