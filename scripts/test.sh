#!/usr/bin/env bash
# Installs what the tests need, then runs every test: the structure and formatting checks, the
# Swift suites (unit tests and the CLI run as a built binary), the accessibility check of the generated page, the commands the
# documentation shows, and the cluster
# job files (Kubernetes parsed and checked; Slurm run on a one-node cluster started here).
#
# Once everything is built, the page's checks and the cluster tests run as one background chain
# beside the Swift suites, so that neither waits for the other: the page's checks play the guide
# in Chromium in real time and the Slurm run waits for its daemons and jobs, while the Swift
# suites wait on the processes their end-to-end tests start. Sampled every second, both cores are
# busy until the last half minute. (A second or third test process, or starting the chain while
# the tests compile, only added contention: Benchmarks/README.md.) The chain's logs are kept
# in .build/test-logs and printed after the Swift suites.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-dependencies.sh --test
# Each module compiled whole (on as many threads as cores) rather than in batches of files,
# which takes less CPU on a clean build (Benchmarks/README.md, "The test command's time").
# Incremental builds are lost (a changed file recompiles its module), which a clean test run
# does not use; `swift build` and `swift test` by hand keep the default. Without debug
# information (-gnone), which is quicker and smaller: a failing test still names its file and
# line (Swift Testing records them in the source), only a crash's backtrace loses line numbers.
# The plan against the package: every target imports exactly what it declares (both ways), and
# docs/architecture.md's graph is the one `swift package describe` prints, and only ExpoSystem makes
# system calls; the checker's own tests show it finds each kind of disagreement. SwiftPM's
# import check (`error`) then refuses an import of a target that is not a dependency at all.
# Then the formatting: every Swift file as scripts/format.sh leaves it (a difference fails here,
# before the build, naming the file, the line and the command that fixes it), and the lint's own
# test shows it fails on a misformatted file.
python3 scripts/check-structure.py
python3 Tests/structure/check-structure-test.py
bash scripts/format.sh --check
python3 Tests/structure/format-lint-test.py
python3 Tests/docs/run-doc-commands-test.py
swift build --build-tests --explicit-target-dependency-import-check error -Xswiftc -wmo -Xswiftc -num-threads -Xswiftc "$(nproc)" -Xswiftc -gnone

# What git sees in the checkout before the tests: a test that writes into the checkout (a
# relative path run in the project's folder) is found by what is new after them all.
checkout_before="$(git status --porcelain --untracked-files=all 2>/dev/null || true)"
logs=.build/test-logs
rm -rf "$logs"
mkdir -p "$logs"
# The binary's default cache ($XDG_CACHE_HOME/expo-narrate) for the runs outside the Swift suites
# (the page's guide, the one-machine Slurm guide): fresh each time, never the home folder's.
export XDG_CACHE_HOME="$PWD/$logs/xdg-cache"
# Named now: `swift build --show-bin-path` would wait for the lock that `swift test` holds.
binary="$(swift build --show-bin-path)/expo-narrate"
(
  export EXPO_NARRATE_BIN="$binary"
  status=0
  # The page test's guide of the default catalog is also the Slurm test's one-machine guide.
  EXPO_GUIDE_KEEP="$logs/guides" bash Tests/accessibility/run.sh > "$logs/accessibility.log" 2>&1 || status=1
  [[ ! -f "$logs/guides/guide/manifest.json" ]] || export ONE_MACHINE_GUIDE="$logs/guides/guide"
  # Every command README.md and docs/ show, run in temporary folders (the cache above is warm).
  python3 Tests/docs/run-doc-commands.py > "$logs/docs.log" 2>&1 || status=1
  # More than one machine: the Kubernetes job files, and a real one-node Slurm cluster.
  python3 Tests/cluster/check-kubernetes.py > "$logs/kubernetes.log" 2>&1 || status=1
  bash Tests/cluster/run-slurm.sh > "$logs/slurm.log" 2>&1 || status=1
  exit "$status"
) &
chain=$!
# Interrupted or failed: the chain does not outlive this script (its scripts stop what they
# started when they are signalled).
stop_chain() { pkill -TERM -P "$chain" 2>/dev/null || true; kill "$chain" 2>/dev/null || true; }
trap stop_chain EXIT

swift_status=0
# The suites' temporary files go to a folder of their own, which must hold no expo-narrate-*
# entry when they end (the tool's temporary files have no names, and each test removes its
# folder); only the tests' shared cache for runs whose output cannot be made is kept.
suite_tmp="$(mktemp -d)"
# The tests that run the binary as an unprivileged user (nobody) must be able to enter it.
chmod 711 "$suite_tmp"
TMPDIR="$suite_tmp" swift test --skip-build 2>&1 | tee .build/swift-test.log || swift_status=$?
leftovers="$(find "$suite_tmp" -mindepth 1 -maxdepth 1 -name 'expo-narrate-*' ! -name expo-narrate-tests-xdg-cache -printf '%f\n')"
if [[ -n "$leftovers" ]]; then
  echo "FAILED: the test suite left in \$TMPDIR: $(echo "$leftovers" | head -20 | tr '\n' ' ')" >&2
  swift_status=1
fi
rm -rf "$suite_tmp"
chain_status=0
wait "$chain" || chain_status=$?
trap - EXIT
checkout_new="$(comm -13 <(echo "$checkout_before" | sort) <(git status --porcelain --untracked-files=all 2>/dev/null | sort) || true)"
if [[ -n "$checkout_new" ]]; then
  echo "FAILED: the tests wrote into the checkout (run tests in their own temporary folders):" >&2
  echo "$checkout_new" | head -20 >&2
  chain_status=1
fi

for part in accessibility docs kubernetes slurm; do
  echo "--- $part ($logs/$part.log)"
  cat "$logs/$part.log"
done
if ((swift_status != 0 || chain_status != 0)); then
  echo "FAILED: swift test exit $swift_status; page and cluster checks exit $chain_status (logs in $logs)" >&2
  exit 1
fi
