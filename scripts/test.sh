#!/usr/bin/env bash
# Installs what the tests need, then runs every test: the Swift suites (unit tests and the
# CLI run as a built binary), the accessibility check of the generated page, and the cluster
# job files (Kubernetes parsed and checked; Slurm run on a one-node cluster started here).
#
# Once everything is built, three things run side by side, so that the two cores are kept busy
# rather than waiting: the unit suites (`swift test`, whose output is shown as it comes), the
# end-to-end suites that run the binary (expo_narrateTests, in two test processes of their own:
# they spend much of their time waiting on the processes they start, and some are long and
# serial, so they start at once instead of after the unit suites), and one background chain of the
# page's checks (which mostly wait for audio to play in real time) and the cluster tests. The
# logs of the last two are kept in .build/test-logs and printed after the unit suites.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-dependencies.sh --test
swift build --build-tests

logs=.build/test-logs
rm -rf "$logs"
mkdir -p "$logs"
# Named now: `swift build --show-bin-path` would wait for the lock that `swift test` holds.
bin_path="$(swift build --show-bin-path)"
export EXPO_NARRATE_BIN="$bin_path/expo-narrate"

(
  status=0
  # The page test's guide of the default catalog is also the Slurm test's one-machine guide.
  EXPO_GUIDE_KEEP="$logs/guides" bash Tests/accessibility/run.sh > "$logs/accessibility.log" 2>&1 || status=1
  [[ ! -L "$logs/guides/guide/.current" ]] || export ONE_MACHINE_GUIDE="$logs/guides/guide"
  # More than one machine: the Kubernetes job files, and a real one-node Slurm cluster.
  python3 Tests/cluster/check-kubernetes.py > "$logs/kubernetes.log" 2>&1 || status=1
  bash Tests/cluster/run-slurm.sh > "$logs/slurm.log" 2>&1 || status=1
  exit "$status"
) &
chain=$!
# The test bundle that `swift test` runs, run directly: a second `swift test` would wait for
# the first one's lock on .build. Two processes, each running two tests at a time: the suites
# with the longest serial runs (the 10 MB description, the Debian package, publication killed
# at every step, partial runs) in one, every other end-to-end suite in the other.
bundle="$bin_path/expo-narratePackageTests.xctest"
long_suites='expo_narrateTests\.(HostileCatalogTests|InstallationTests|PublicationCrashTests|PartialRunTests)'
"$bundle" --testing-library swift-testing --filter "$long_suites" > "$logs/end-to-end-long.log" 2>&1 &
end_to_end_long=$!
"$bundle" --testing-library swift-testing --filter expo_narrateTests --skip "$long_suites" \
  > "$logs/end-to-end-other.log" 2>&1 &
end_to_end_other=$!
# Interrupted or failed: nothing started here outlives this script (the chain's scripts stop
# what they started when they are signalled).
stop_all() {
  pkill -TERM -P "$chain" 2>/dev/null || true
  kill "$chain" "$end_to_end_long" "$end_to_end_other" 2>/dev/null || true
}
trap stop_all EXIT

unit_status=0
swift test --skip-build --skip expo_narrateTests 2>&1 | tee .build/swift-test.log || unit_status=$?
end_to_end_status=0
wait "$end_to_end_long" || end_to_end_status=$?
wait "$end_to_end_other" || end_to_end_status=$?
chain_status=0
wait "$chain" || chain_status=$?
trap - EXIT

for part in end-to-end-long end-to-end-other accessibility kubernetes slurm; do
  echo "--- $part ($logs/$part.log)"
  cat "$logs/$part.log"
done
if ((unit_status != 0 || end_to_end_status != 0 || chain_status != 0)); then
  echo "FAILED: unit suites exit $unit_status, end-to-end suites exit $end_to_end_status," \
       "page and cluster checks exit $chain_status (logs in $logs)" >&2
  exit 1
fi
