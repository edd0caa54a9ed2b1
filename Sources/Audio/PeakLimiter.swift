import ExpoModel
import ExpoSystem
import Foundation

/// A look-ahead peak limiter: no output sample ever exceeds the ceiling, a signal that stays
/// under the ceiling passes unchanged (bit for bit, only delayed), and the gain moves smoothly.
///
/// How: for each input sample the gain it needs is `ceiling / |x|` (or 1). The limiter takes
/// the minimum of that over a window of `lookAheadFrames` samples, lets the result recover
/// slowly (one-pole release) but fall at once, and then averages it over the same window. The
/// average over the window ending `latency` samples after a peak consists only of values no
/// larger than the gain that peak needs, so the peak is brought under the ceiling exactly when
/// it leaves the delay line, while the gain ramps down linearly over the look-ahead before it
/// (attack) and never changes by more than `1 / lookAheadFrames` from one sample to the next.
///
/// Output is delayed by `latency` frames: the first `latency` samples out are the delay line's
/// initial silence, and `flush()` returns the last `latency` samples of the signal. Samples are
/// full scale ±1.0.
public struct PeakLimiter: Sendable {
    /// The largest magnitude any output sample can have (linear, full scale 1.0).
    public let ceiling: Float
    /// Frames of look-ahead (the attack ramp length) plus the current one.
    public let lookAheadFrames: Int
    /// Delay from input to output in frames; callers drop this many frames from the start.
    public var latency: Int { lookAheadFrames - 1 }
    /// The gain applied to the most recent output sample.
    public private(set) var currentGain: Double = 1

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
    private var runningMinimum: RunningMinimum
    private var frameIndex = 0

    /// - Parameters:
    ///   - sampleRate: frames per second.
    ///   - ceiling: largest output magnitude, linear (0 < ceiling ≤ 1).
    ///   - lookAheadSeconds: length of the attack ramp and of the delay (default 5 ms).
    ///   - releaseSeconds: time constant of the gain's recovery (default 80 ms).
    public init(sampleRate: Int, ceiling: Float, lookAheadSeconds: Double = 0.005, releaseSeconds: Double = 0.08) {
        precondition(ceiling > 0 && ceiling.isFinite, "PeakLimiter ceiling must be positive")
        precondition(sampleRate > 0 && lookAheadSeconds >= 0 && releaseSeconds > 0)
        self.ceiling = ceiling
        let window = Int((lookAheadSeconds * Double(sampleRate)).rounded()) + 1
        lookAheadFrames = window
        releaseCoefficient = 1 - exp(-1 / (releaseSeconds * Double(sampleRate)))
        delayLine = Array(repeating: 0, count: window)
        gainHistory = Array(repeating: 1, count: window)
        gainSum = Double(window)
        runningMinimum = RunningMinimum(window: window)
    }

    /// A limiter whose ceiling is `ceilingDBFS` (e.g. −1).
    public init(sampleRate: Int, ceilingDBFS: Double, lookAheadSeconds: Double = 0.005, releaseSeconds: Double = 0.08) {
        self.init(
            sampleRate: sampleRate, ceiling: Float(pow(10, ceilingDBFS / 20)),
            lookAheadSeconds: lookAheadSeconds, releaseSeconds: releaseSeconds)
    }

    /// Limits `input`, appending exactly `input.count` samples to `output`.
    public mutating func process(_ input: UnsafeBufferPointer<Float>, into output: inout [Float]) {
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: input.count))
        output.withUnsafeMutableBufferPointer { all in
            process(input, into: UnsafeMutableBufferPointer(rebasing: all[start...]))
        }
    }

    /// Limits `input` into `output`, which has room for exactly `input.count` samples.
    public mutating func process(_ input: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Float>) {
        precondition(output.count == input.count, "PeakLimiter output must be as long as its input")
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
        var state = BlockState(
            writeIndex: writeIndex, gainSum: gainSum, reducedGainCount: reducedGainCount,
            releasedGain: releasedGain, frameIndex: frameIndex, front: runningMinimum.front,
            queued: runningMinimum.count, gain: currentGain)
        let window = lookAheadFrames
        let ceiling = self.ceiling
        let releaseCoefficient = self.releaseCoefficient
        delay.withUnsafeMutableBufferPointer { delay in
            history.withUnsafeMutableBufferPointer { history in
                minimumValues.withUnsafeMutableBufferPointer { values in
                    minimumPositions.withUnsafeMutableBufferPointer { positions in
                        Self.limit(
                            input, into: output, delay: delay, history: history, values: values,
                            positions: positions, state: &state, window: window, ceiling: ceiling,
                            releaseCoefficient: releaseCoefficient)
                    }
                }
            }
        }
        writeIndex = state.writeIndex
        gainSum = state.gainSum
        reducedGainCount = state.reducedGainCount
        releasedGain = state.releasedGain
        frameIndex = state.frameIndex
        runningMinimum.front = state.front
        runningMinimum.count = state.queued
        currentGain = state.gain
    }

    /// The limiter's scalar state, carried into and out of `limit`.
    private struct BlockState {
        var writeIndex: Int
        var gainSum: Double
        var reducedGainCount: Int
        var releasedGain: Double
        var frameIndex: Int
        var front: Int
        var queued: Int
        var gain: Double
    }

    /// The block loop, on raw buffers and with the state in locals (not captured by closures,
    /// so that they stay in registers). Long on purpose: it is the limiter's inner loop, and
    /// split into calls or closures its state would be stored to memory every sample (the
    /// commits that made it so give the measurements).
    private static func limit(
        _ input: UnsafeBufferPointer<Float>, into output: UnsafeMutableBufferPointer<Float>,
        delay: UnsafeMutableBufferPointer<Float>, history: UnsafeMutableBufferPointer<Double>,
        values: UnsafeMutableBufferPointer<Double>, positions: UnsafeMutableBufferPointer<Int>,
        state: inout BlockState, window: Int, ceiling: Float, releaseCoefficient: Double
    ) {
        let windowAsDouble = Double(window)
        var writeIndex = state.writeIndex
        var gainSum = state.gainSum
        var reducedGainCount = state.reducedGainCount
        var releasedGain = state.releasedGain
        var frameIndex = state.frameIndex
        var phase = frameIndex % window  // frameIndex % window, kept without dividing
        var front = state.front
        var queued = state.queued
        var gain = state.gain

        var index = 0
        while index < input.count {
            if reducedGainCount == 0 {
                // Idle: no gain below 1 anywhere in the window. Every following
                // sample that needs no gain either leaves every gain at exactly 1
                // and the queue holding that sample alone, and comes out as the
                // input `latency` frames earlier: do a whole run of them at once.
                let runEnd = Self.endOfRunUnder(ceiling, in: input, from: index)
                let run = runEnd - index
                if run > 0 {
                    Self.passThrough(
                        input, from: index, to: runEnd, into: output, delay: delay,
                        writeIndex: writeIndex)
                    frameIndex += run
                    writeIndex = (writeIndex + run) % window
                    phase = writeIndex
                    front = 0
                    queued = 1
                    values[0] = 1
                    positions[0] = frameIndex - 1
                    releasedGain = 1
                    gain = 1
                    index = runEnd
                    if index == input.count { break }
                }
            }
            // Releasing: every sample still in the window needs no gain (once the expired ones
            // leave, the queue holds only 1s), so for each following sample under the ceiling
            // the windowed minimum is exactly 1 and the queue would end up holding that sample
            // alone. Run the steps below for them with `held` = 1 and without the queue, until
            // a sample needs gain or no gain is below 1 any more (idle again). The steps are
            // repeated here on purpose: as a separate tight loop they run faster than
            // through a shared inlined helper (Benchmarks/dsp-kernels.sh times both).
            while queued > 0 && positions[front] <= frameIndex - window {
                front = front + 1 == window ? 0 : front + 1
                queued -= 1
            }
            if queued == 0 || values[front] == 1 {
                let runStart = index
                while index < input.count && reducedGainCount > 0 && !(abs(input[index]) > ceiling) {
                    let held = 1.0
                    releasedGain = min(held, releasedGain + (held - releasedGain) * releaseCoefficient)
                    if held - releasedGain < 1e-6 { releasedGain = held }
                    let oldest = history[writeIndex]
                    if oldest < 1 { reducedGainCount -= 1 }
                    if releasedGain < 1 { reducedGainCount += 1 }
                    history[writeIndex] = releasedGain
                    gainSum += releasedGain - oldest
                    if reducedGainCount == 0 {
                        gainSum = windowAsDouble
                    } else if phase == 0 {
                        var total = 0.0
                        for entry in history { total += entry }
                        gainSum = total
                    }
                    gain = reducedGainCount == 0 ? 1 : gainSum / windowAsDouble
                    delay[writeIndex] = input[index]
                    writeIndex = writeIndex + 1 == window ? 0 : writeIndex + 1
                    frameIndex += 1
                    phase = phase + 1 == window ? 0 : phase + 1
                    let delayed = delay[writeIndex]
                    if gain < 1 {
                        var out = Float(Double(delayed) * gain)
                        if out > ceiling { out = ceiling } else if out < -ceiling { out = -ceiling }
                        output[index] = out
                    } else {
                        output[index] = delayed
                    }
                    index += 1
                }
                if index > runStart {
                    // The queue as the general steps would leave it: the run's last sample.
                    front = 0
                    queued = 1
                    values[0] = 1
                    positions[0] = frameIndex - 1
                    continue
                }
            }
            let sample = input[index]
            let magnitude = abs(sample)
            defer { index += 1 }
            let needed: Double = magnitude > ceiling ? Double(ceiling) / Double(magnitude) : 1

            // The running minimum of `needed` over the window (see RunningMinimum).
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
        state.writeIndex = writeIndex
        state.gainSum = gainSum
        state.reducedGainCount = reducedGainCount
        state.releasedGain = releasedGain
        state.frameIndex = frameIndex
        state.front = front
        state.queued = queued
        state.gain = gain
    }

    /// The end of the run of samples from `start` on that need no gain (`|x| ≤ ceiling`, NaN
    /// included, as in the per-sample test): checked 16 at a time as vectors (`|x| > ceiling`
    /// is `x > ceiling or x < −ceiling`, false for NaN alike; written as a scalar loop, the
    /// compiler kept a branch per sample), then the chunk that has one needing gain sample by
    /// sample.
    @inline(__always)
    private static func endOfRunUnder(_ ceiling: Float, in input: UnsafeBufferPointer<Float>, from start: Int) -> Int {
        typealias Chunk = SIMD16<Float>
        let above = Chunk(repeating: ceiling)
        let below = Chunk(repeating: -ceiling)
        let base = UnsafeRawPointer(input.baseAddress!)
        var index = start
        while index + Chunk.scalarCount <= input.count {
            let samples = base.loadUnaligned(fromByteOffset: index * MemoryLayout<Float>.stride, as: Chunk.self)
            if any((samples .> above) .| (samples .< below)) { break }
            index += Chunk.scalarCount
        }
        while index < input.count && !(abs(input[index]) > ceiling) { index += 1 }
        return index
    }

    /// Writes `input[start..<end]` into the delay line and what leaves it into
    /// `output[start..<end]`, as the per-sample idle steps would: each output is the input
    /// `window − 1` frames earlier, from the delay line for the first frames of the run.
    /// `writeIndex` is the delay line's slot for `input[start]` (its oldest sample).
    @inline(__always)
    private static func passThrough(
        _ input: UnsafeBufferPointer<Float>, from start: Int, to end: Int,
        into output: UnsafeMutableBufferPointer<Float>, delay: UnsafeMutableBufferPointer<Float>, writeIndex: Int
    ) {
        let window = delay.count
        let latency = window - 1
        let run = end - start
        // Outputs whose input came before the run: delay line slots writeIndex + 1, + 2, …
        let fromDelay = min(run, latency)
        var slot = writeIndex
        for index in start..<(start + fromDelay) {
            slot = slot + 1 == window ? 0 : slot + 1
            output[index] = delay[slot]
        }
        // The rest: the run's own inputs, `latency` frames earlier.
        if run > latency {
            (output.baseAddress! + start + latency).update(from: input.baseAddress! + start, count: run - latency)
        }
        // The delay line keeps the last `window` inputs, each in the slot of its frame.
        let kept = min(run, window)
        slot = (writeIndex + run - kept) % window
        for index in (end - kept)..<end {
            delay[slot] = input[index]
            slot = slot + 1 == window ? 0 : slot + 1
        }
    }

    /// Limits `input`; returns as many samples, delayed by `latency`.
    public mutating func process(_ input: [Float]) -> [Float] {
        var output: [Float] = []
        input.withUnsafeBufferPointer { process($0, into: &output) }
        return output
    }

    /// Pushes `latency` frames of silence through and returns what comes out: the end of the
    /// signal still in the delay line. The limiter can take new input afterwards.
    public mutating func flush() -> [Float] {
        let silence = [Float](repeating: 0, count: latency)
        var output = [Float](repeating: 0, count: latency)
        silence.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { process(input, into: $0) }
        }
        return output
    }
}
