#!/usr/bin/env bash
# Formats the Swift sources with the toolchain's swift-format and the project's .swift-format;
# `--check` changes nothing and fails, naming each file and line, where a file differs from
# its formatted form (the test command runs it so).
set -euo pipefail
cd "$(dirname "$0")/.."

paths=(Package.swift Sources Tests)
if ! command -v swift >/dev/null 2>&1 || ! swift format --version >/dev/null 2>&1; then
  echo "format: 'swift format' is not available; install the Swift toolchain (swift.org), which includes it" >&2
  exit 69
fi
case "${1:-}" in
  --check) exec swift format lint --strict --parallel --recursive "${paths[@]}" ;;
  "") exec swift format format --in-place --parallel --recursive "${paths[@]}" ;;
  *) echo "usage: scripts/format.sh [--check]" >&2; exit 64 ;;
esac
