import ExpoModel
import ExpoSystem
import Foundation
import TestSupport

@testable import Audio

// The frozen copy of the look-ahead peak limiter and its running minimum, as they were before
// the speed work of issue 5 (see DSPReferenceImplementations.swift, which holds the meter and
// the quantizer). PeakLimiterTests compare the current limiter with it bit for bit, and
// Benchmarks/dsp-kernels.sh compiles this file next to the sources. Do not optimise it.

/// The peak limiter as it was (the per-sample loop with its per-sample idle shortcut).
struct ReferencePeakLimiter {
    /// The largest magnitude any output sample can have (linear, full scale 1.0).
    let ceiling: Float
    /// Frames of look-ahead (the attack ramp length) plus the current one.
    let lookAheadFrames: Int
    /// Delay from input to output in frames; callers drop this many frames from the start.
    var latency: Int { lookAheadFrames - 1 }
    /// The gain applied to the most recent output sample.
    private(set) var currentGain: Double = 1

    private let releaseCoefficient: Double
    /// The last `lookAheadFrames` input samples; `writeIndex` is the oldest.
    private var delayLine: [Float]
    /// Released gains of the last `lookAheadFrames` frames, for the moving average.
    private var gainHistory: [Double]
    private var writeIndex = 0
    private var gainSum: Double
    /// How many entries of `gainHistory` are below 1 (when none are, the gain is exactly 1).
    private var reducedGainCount = 0
    private var releasedGain = 1.0
    private var runningMinimum: ReferenceRunningMinimum
    private var frameIndex = 0

    /// - Parameters:
    ///   - sampleRate: frames per second.
    ///   - ceiling: largest output magnitude, linear (0 < ceiling ≤ 1).
    ///   - lookAheadSeconds: length of the attack ramp and of the delay (default 5 ms).
    ///   - releaseSeconds: time constant of the gain's recovery (default 80 ms).
    init(sampleRate: Int, ceiling: Float, lookAheadSeconds: Double = 0.005, releaseSeconds: Double = 0.08) {
        precondition(ceiling > 0 && ceiling.isFinite, "ReferencePeakLimiter ceiling must be positive")
        precondition(sampleRate > 0 && lookAheadSeconds >= 0 && releaseSeconds > 0)
        self.ceiling = ceiling
        let window = Int((lookAheadSeconds * Double(sampleRate)).rounded()) + 1
        lookAheadFrames = window
        releaseCoefficient = 1 - exp(-1 / (releaseSeconds * Double(sampleRate)))
        delayLine = Array(repeating: 0, count: window)
        gainHistory = Array(repeating: 1, count: window)
        gainSum = Double(window)
        runningMinimum = ReferenceRunningMinimum(window: window)
    }

    /// A limiter whose ceiling is `ceilingDBFS` (e.g. −1).
    init(sampleRate: Int, ceilingDBFS: Double, lookAheadSeconds: Double = 0.005, releaseSeconds: Double = 0.08) {
        self.init(
            sampleRate: sampleRate, ceiling: Float(pow(10, ceilingDBFS / 20)),
            lookAheadSeconds: lookAheadSeconds, releaseSeconds: releaseSeconds)
    }

    /// Limits `input`, appending exactly `input.count` samples to `output`.
    mutating func process(_ input: UnsafeBufferPointer<Float>, into output: inout [Float]) {
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: input.count))
        output.withUnsafeMutableBufferPointer { all in
            process(input, into: UnsafeMutableBufferPointer(rebasing: all[start...]))
        }
    }

    /// Limits `input` into `output`, which has room for exactly `input.count` samples.
    /// Long on purpose: this is the frozen reference, kept as the limiter was so that the
    /// bit-for-bit comparison means something; split, it would no longer be that code.
    mutating func process(_ input: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Float>) {
        precondition(output.count == input.count, "ReferencePeakLimiter output must be as long as its input")
        guard !input.isEmpty else { return }
        // The state moves into locals for the block (the arrays without copying: they are
        // swapped out and back), so the loop runs on raw pointers with no bounds checks.
        var delay: [Float] = []
        var history: [Double] = []
        var minimumValues: [Double] = []
        var minimumPositions: [Int] = []
        swap(&delay, &delayLine)
        swap(&history, &gainHistory)
        swap(&minimumValues, &runningMinimum.values)
        swap(&minimumPositions, &runningMinimum.positions)
        defer {
            swap(&delay, &delayLine)
            swap(&history, &gainHistory)
            swap(&minimumValues, &runningMinimum.values)
            swap(&minimumPositions, &runningMinimum.positions)
        }
        let window = lookAheadFrames
        let windowAsDouble = Double(window)
        let ceiling = self.ceiling
        let releaseCoefficient = self.releaseCoefficient
        var writeIndex = self.writeIndex
        var gainSum = self.gainSum
        var reducedGainCount = self.reducedGainCount
        var releasedGain = self.releasedGain
        var frameIndex = self.frameIndex
        var phase = frameIndex % window  // frameIndex % window, kept without dividing
        var front = runningMinimum.front
        var queued = runningMinimum.count
        var gain = currentGain
        delay.withUnsafeMutableBufferPointer { delay in
            history.withUnsafeMutableBufferPointer { history in
                minimumValues.withUnsafeMutableBufferPointer { values in
                    minimumPositions.withUnsafeMutableBufferPointer { positions in
                        for index in 0..<input.count {
                            let sample = input[index]
                            let magnitude = abs(sample)
                            // Idle (no gain below 1 anywhere in the window) and this sample needs
                            // none: the general steps below would leave every gain at exactly 1
                            // and the queue holding this sample alone, so do just that.
                            if reducedGainCount == 0 && !(magnitude > ceiling) {
                                front = 0
                                queued = 1
                                values[0] = 1
                                positions[0] = frameIndex
                                releasedGain = 1
                                gain = 1
                                delay[writeIndex] = sample
                                writeIndex = writeIndex + 1 == window ? 0 : writeIndex + 1
                                frameIndex += 1
                                phase = phase + 1 == window ? 0 : phase + 1
                                output[index] = delay[writeIndex]
                                continue
                            }
                            let needed: Double = magnitude > ceiling ? Double(ceiling) / Double(magnitude) : 1

                            // The running minimum of `needed` over the window (see ReferenceRunningMinimum).
                            while queued > 0 && positions[front] <= frameIndex - window {
                                front = front + 1 == window ? 0 : front + 1
                                queued -= 1
                            }
                            while queued > 0 {
                                var last = front + queued - 1
                                if last >= window { last -= window }
                                guard values[last] >= needed else { break }
                                queued -= 1
                            }
                            var slot = front + queued
                            if slot >= window { slot -= window }
                            values[slot] = needed
                            positions[slot] = frameIndex
                            queued += 1
                            let held = values[front]

                            // Instant attack, exponential release; never above `held`.
                            if held < releasedGain {
                                releasedGain = held
                            } else {
                                releasedGain = min(held, releasedGain + (held - releasedGain) * releaseCoefficient)
                                if held - releasedGain < 1e-6 { releasedGain = held }  // −120 dB: land exactly
                            }

                            let oldest = history[writeIndex]
                            if oldest < 1 { reducedGainCount -= 1 }
                            if releasedGain < 1 { reducedGainCount += 1 }
                            history[writeIndex] = releasedGain
                            gainSum += releasedGain - oldest
                            if reducedGainCount == 0 {
                                gainSum = windowAsDouble  // exact again: no rounding left over from limiting
                            } else if phase == 0 {
                                // Keep rounding from piling up: the same sum, in the same order,
                                // as `reduce(0, +)`.
                                var total = 0.0
                                for entry in history { total += entry }
                                gainSum = total
                            }
                            gain = reducedGainCount == 0 ? 1 : gainSum / windowAsDouble

                            delay[writeIndex] = sample
                            writeIndex = writeIndex + 1 == window ? 0 : writeIndex + 1
                            frameIndex += 1
                            phase = phase + 1 == window ? 0 : phase + 1
                            // After the write, `writeIndex` points at the sample `latency` frames old.
                            let delayed = delay[writeIndex]
                            if gain < 1 {
                                var out = Float(Double(delayed) * gain)
                                // Only rounding (far below one 16-bit step) can push past the ceiling here.
                                if out > ceiling { out = ceiling } else if out < -ceiling { out = -ceiling }
                                output[index] = out
                            } else {
                                output[index] = delayed
                            }
                        }
                    }
                }
            }
        }
        self.writeIndex = writeIndex
        self.gainSum = gainSum
        self.reducedGainCount = reducedGainCount
        self.releasedGain = releasedGain
        self.frameIndex = frameIndex
        runningMinimum.front = front
        runningMinimum.count = queued
        currentGain = gain
    }

    /// Limits `input`; returns as many samples, delayed by `latency`.
    mutating func process(_ input: [Float]) -> [Float] {
        var output: [Float] = []
        input.withUnsafeBufferPointer { process($0, into: &output) }
        return output
    }

    /// Pushes `latency` frames of silence through and returns what comes out: the end of the
    /// signal still in the delay line. The limiter can take new input afterwards.
    mutating func flush() -> [Float] {
        let silence = [Float](repeating: 0, count: latency)
        var output = [Float](repeating: 0, count: latency)
        silence.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { process(input, into: $0) }
        }
        return output
    }
}

/// Minimum of the last `window` values pushed, in amortised constant time (a monotonic queue
/// in a fixed ring: values increase from front to back).
/// The running minimum the reference limiter uses.
struct ReferenceRunningMinimum {
    // Internal so that ReferencePeakLimiter's block loop can run the same queue on raw pointers.
    var values: [Double]
    var positions: [Int]
    var front = 0
    var count = 0
    let window: Int

    init(window: Int) {
        self.window = window
        values = Array(repeating: 0, count: window)
        positions = Array(repeating: 0, count: window)
    }

    /// Adds `value` as the element at `position` (consecutive integers) and returns the minimum
    /// of the elements at positions `position - window + 1 ... position`.
    mutating func push(_ value: Double, at position: Int) -> Double {
        while count > 0 && positions[front] <= position - window {
            front = (front + 1) % window
            count -= 1
        }
        while count > 0 && values[(front + count - 1) % window] >= value {
            count -= 1
        }
        let slot = (front + count) % window
        values[slot] = value
        positions[slot] = position
        count += 1
        return values[front]
    }
}
