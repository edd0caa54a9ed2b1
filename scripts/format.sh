#!/usr/bin/env bash
# Formats the Swift sources with the toolchain's swift-format and the project's .swift-format;
# `--check` changes nothing and fails, naming each file and line, where a file differs from
# its formatted form or breaks one of .swift-format's rules (the test command runs it so).
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Package.swift Sources Tests)
if ! command -v swift >/dev/null 2>&1 || ! swift format --version >/dev/null 2>&1; then
  echo "format: 'swift format' is not available; install the Swift toolchain (swift.org), which includes it" >&2
  exit 69
fi
case "${1:-}" in
  --check)
    if ! swift format lint --strict --parallel --recursive "${paths[@]}"; then
      echo "format: the files above are not formatted as .swift-format says; run 'bash scripts/format.sh', fix by hand what it leaves, and commit the result" >&2
      exit 1
    fi ;;
  "") exec swift format format --in-place --parallel --recursive "${paths[@]}" ;;
  *) echo "usage: scripts/format.sh [--check]" >&2; exit 64 ;;
esac
