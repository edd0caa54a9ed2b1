#!/usr/bin/env bash
# Installs what the tests need, then runs every test: the Swift suites (unit tests and the
# CLI run as a built binary), the accessibility check of the generated page, and the cluster
# job files (Kubernetes parsed and checked; Slurm run on a one-node cluster started here).
#
# The page's checks and the Slurm run go on beside the Swift suites, as one background chain:
# the page's checks mostly wait for audio to play in real time (40 s of wall time for 15 s of
# CPU) and the Slurm run for its daemons and jobs, while the Swift suites leave part of the two
# cores idle whenever their end-to-end tests wait on a process. Their output is kept in
# .build/ and printed after the Swift suites, each under its own heading.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-dependencies.sh --test
swift build --build-tests

logs=.build/test-logs
rm -rf "$logs"
mkdir -p "$logs"
# Named now: `swift build --show-bin-path` would wait for the lock that `swift test` holds.
binary="$(swift build --show-bin-path)/expo-narrate"
(
  export EXPO_NARRATE_BIN="$binary"
  status=0
  bash Tests/accessibility/run.sh > "$logs/accessibility.log" 2>&1 || status=1
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
swift test --skip-build 2>&1 | tee .build/swift-test.log || swift_status=$?

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
