#!/usr/bin/env bash
# Installs what the tests need, then runs every test: the Swift suites (unit tests and the
# CLI run as a built binary), the accessibility check of the generated page, and the cluster
# job files (Kubernetes parsed and checked; Slurm run on a one-node cluster started here).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-dependencies.sh --test
swift build --build-tests
swift test --skip-build 2>&1 | tee .build/swift-test.log
bash Tests/accessibility/run.sh
# More than one machine: the Kubernetes job files, and a real one-node Slurm cluster.
python3 Tests/cluster/check-kubernetes.py
bash Tests/cluster/run-slurm.sh
