#!/usr/bin/env bash
# Installs what the tests need, then runs every test: the Swift suites (unit tests and the
# CLI run as a built binary) and the accessibility check of the generated page.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-dependencies.sh --test
swift build --build-tests
swift test --skip-build 2>&1 | tee .build/swift-test.log
bash Tests/accessibility/run.sh
