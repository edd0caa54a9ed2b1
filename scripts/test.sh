#!/usr/bin/env bash
# Installs what the tests need, then runs every test: the Swift suites (unit tests and the
# CLI run as a built binary), the accessibility check of the generated page, and the cluster
# job files (Kubernetes parsed and checked; Slurm run on a one-node cluster started here).
#
# The page's checks and the Slurm run go on beside the Swift tests (from the moment the binary is
# built, while the tests compile), as one background chain:
# the page's checks mostly wait for audio to play in real time (40 s of wall time for 15 s of
# CPU) and the Slurm run for its daemons and jobs, while the Swift suites leave part of the two
# cores idle whenever their end-to-end tests wait on a process. Their output is kept in
# .build/ and printed after the Swift suites, each under its own heading.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-dependencies.sh --test
# The binary first: the background chain below starts with it while the tests compile.
swift build --product expo-narrate

logs=.build/test-logs
rm -rf "$logs"
mkdir -p "$logs"
# Named now: `swift build --show-bin-path` would wait for the lock that `swift build` and
# `swift test` hold.
binary="$(swift build --show-bin-path)/expo-narrate"
(
  export EXPO_NARRATE_BIN="$binary"
  status=0
  # The page test's guide of the default catalog is also the Slurm test's one-machine guide.
  EXPO_GUIDE_KEEP="$logs/guides" bash Tests/accessibility/run.sh > "$logs/accessibility.log" 2>&1 || status=1
  [[ ! -L "$logs/guides/guide/.current" ]] || export ONE_MACHINE_GUIDE="$logs/guides/guide"
  # More than one machine: the Kubernetes job files, and a real one-node Slurm cluster.
  python3 Tests/cluster/check-kubernetes.py > "$logs/kubernetes.log" 2>&1 || status=1
  bash Tests/cluster/run-slurm.sh > "$logs/slurm.log" 2>&1 || status=1
  exit "$status"
) &
beside=$!
# Interrupted or failed: the background chain does not outlive this script (its scripts stop
# what they started when they are signalled).
stop_beside() { pkill -TERM -P "$beside" 2>/dev/null || true; kill "$beside" 2>/dev/null || true; }
trap stop_beside EXIT

swift_status=0
swift build --build-tests || swift_status=$?
((swift_status != 0)) || swift test --skip-build 2>&1 | tee .build/swift-test.log || swift_status=$?

beside_status=0
wait "$beside" || beside_status=$?
trap - EXIT
for part in accessibility kubernetes slurm; do
  echo "--- $part ($logs/$part.log)"
  cat "$logs/$part.log"
done
if ((swift_status != 0 || beside_status != 0)); then
  echo "FAILED: swift test exit $swift_status; accessibility/cluster checks exit $beside_status (logs in $logs)" >&2
  exit 1
fi
