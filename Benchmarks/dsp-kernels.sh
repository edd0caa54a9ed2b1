#!/usr/bin/env bash
# Micro-benchmark of the normalizer's audio kernels (issue 5): the loudness meter, the peak
# limiter and the 16-bit quantizer, frozen pre-optimisation copies against the current sources,
# and the true-peak interpolator (no Swift copy to compare: its tests compare it with libebur128;
# it prints the peak it found, to compare between checkouts).
# Prints ns/sample (the thread's CPU time, best of the repeats) old and new, and checks that the
# results agree.
#
# No SwiftPM target: the driver (Benchmarks/dsp-kernels/main.swift) is compiled with
# `swiftc -O -wmo` (whole-module, as SwiftPM builds release; plain x86-64, no -march, no
# -Ounchecked) together with the kernel sources and
# the reference copies from the tests. Needs espeak-ng for real speech.
#
# Usage: Benchmarks/dsp-kernels.sh [samples (default 20000000)] [repeats (default 3)]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${DSP_BENCH_DIR:-${TMPDIR:-/tmp}/dsp-kernels-bench}"
mkdir -p "$work"
audio="$root/Sources/Audio"

speech="$work/speech.wav"
if [ ! -s "$speech" ]; then
    espeak-ng -v ko -w "$speech" \
        "안녕하세요. 이 문장은 음성 안내의 처리 속도를 재기 위한 시험 문장입니다. \
         박람회의 전시관과 물품을 소개하는 목소리가 천천히 이어집니다. \
         숫자 천구백 년, 그리고 여러 나라의 이름과 긴 설명이 함께 읽힙니다. \
         조용한 쉼과 빠른 말이 번갈아 나오도록 문장의 길이를 바꾸어 봅니다."
fi

# WAVWriter itself needs half the module; the benchmark takes only its `static func quantize`
# functions (copied verbatim, by brace matching) into a stand-in `enum WAVWriter`.
kernel="$work/QuantizeKernel.swift"
{
    echo "import Foundation"
    echo "enum WAVWriter {"
    awk '/static func quantize\(/ { inside = 1 }
         inside { print; depth += gsub(/\{/, "{"); depth -= gsub(/\}/, "}"); if (depth == 0) inside = 0 }' \
        "$audio/WAVWriter.swift"
    echo "}"
} > "$kernel"

# TruePeakMeter.swift wraps libebur128; its Swift interpolator (`struct TruePeakInterpolator`,
# to the end of the file) is taken alone.
interpolator="$work/TruePeakInterpolator.swift"
{
    echo "import Foundation"
    awk '/^struct TruePeakInterpolator/ { inside = 1 } inside { print }' "$audio/TruePeakMeter.swift"
} > "$interpolator"

# The kernels are compiled into one module of their own: the project's imports go.
sources=()
for file in "$audio/LoudnessMeter.swift" "$audio/KWeighting.swift" "$audio/PeakLimiter.swift" "$audio/RunningMinimum.swift" \
            "$root/Tests/AudioTests/DSPReferenceImplementations.swift" \
            "$root/Tests/AudioTests/DSPReferenceLimiter.swift"; do
    grep -v -E '^(@testable )?import (ExpoModel|ExpoSystem|Audio|TestSupport)$' "$file" > "$work/$(basename "$file")"
    sources+=("$work/$(basename "$file")")
done

binary="$work/dsp-kernels"
swiftc -O -wmo -module-name DSPKernels -o "$binary" "${sources[@]}" "$kernel" "$interpolator" "$root/Benchmarks/dsp-kernels/main.swift"
"$binary" "$speech" "${1:-20000000}" "${2:-3}"
