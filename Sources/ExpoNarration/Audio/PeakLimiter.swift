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
        output.reserveCapacity(output.count + input.count)
        for sample in input { output.append(next(sample)) }
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
        var output: [Float] = []
        output.reserveCapacity(latency)
        for _ in 0..<latency { output.append(next(0)) }
        return output
    }

    @inline(__always)
    private mutating func next(_ sample: Float) -> Float {
        let window = lookAheadFrames
        let magnitude = abs(sample)
        let needed: Double = magnitude > ceiling ? Double(ceiling) / Double(magnitude) : 1
        let held = runningMinimum.push(needed, at: frameIndex)

        // Instant attack, exponential release; never above `held`.
        if held < releasedGain {
            releasedGain = held
        } else {
            releasedGain = min(held, releasedGain + (held - releasedGain) * releaseCoefficient)
            if held - releasedGain < 1e-6 { releasedGain = held }  // −120 dB: land exactly
        }

        let oldest = gainHistory[writeIndex]
        if oldest < 1 { reducedGainCount -= 1 }
        if releasedGain < 1 { reducedGainCount += 1 }
        gainHistory[writeIndex] = releasedGain
        gainSum += releasedGain - oldest
        if reducedGainCount == 0 {
            gainSum = Double(window)  // exact again: no rounding left over from limiting
        } else if frameIndex % window == 0 {
            gainSum = gainHistory.reduce(0, +)  // keep rounding from piling up
        }
        let gain = reducedGainCount == 0 ? 1 : gainSum / Double(window)
        currentGain = gain

        delayLine[writeIndex] = sample
        writeIndex = writeIndex + 1 == window ? 0 : writeIndex + 1
        frameIndex += 1
        // After the write, `writeIndex` points at the sample `latency` frames old.
        let delayed = delayLine[writeIndex]
        guard gain < 1 else { return delayed }
        var out = Float(Double(delayed) * gain)
        // Only rounding (far below one 16-bit step) can push past the ceiling here.
        if out > ceiling { out = ceiling } else if out < -ceiling { out = -ceiling }
        return out
    }
}

/// Minimum of the last `window` values pushed, in amortised constant time (a monotonic queue
/// in a fixed ring: values increase from front to back).
struct RunningMinimum: Sendable {
    private var values: [Double]
    private var positions: [Int]
    private var front = 0
    private var count = 0
    private let window: Int

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
