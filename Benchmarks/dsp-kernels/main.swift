import Foundation

// Times the audio kernels of the normalizer, the frozen pre-issue-5 copies
// (Tests/AudioTests/DSPReferenceImplementations.swift and DSPReferenceLimiter.swift) against the current
// sources, on the same speech-like signal, and checks that they agree. Built and run by
// Benchmarks/dsp-kernels.sh (swiftc -O, no SwiftPM target).
//
// Usage: dsp-kernels <16-bit mono WAV> [samples, default 20_000_000] [repeats, default 3]

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write("usage: dsp-kernels <speech.wav> [samples] [repeats]\n".data(using: .utf8)!)
    exit(2)
}
let wantedSamples = arguments.count >= 3 ? Int(arguments[2])! : 20_000_000
let repeats = arguments.count >= 4 ? Int(arguments[3])! : 3
let blockFrames = 1 << 15  // LoudnessNormalizer's default block

/// The 16-bit samples and the sample rate of a PCM WAV (first channel only if several).
func readWAV(_ path: String) -> (samples: [Int16], sampleRate: Int) {
    let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
    func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    var offset = 12
    var sampleRate = 0
    var channels = 1
    while offset + 8 <= bytes.count {
        let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
        var size = u32(offset + 4)
        if id == "fmt " {
            channels = u16(offset + 10)
            sampleRate = u32(offset + 12)
        } else if id == "data" {
            if size == 0 || size == 0xFFFF_FFFF || offset + 8 + size > bytes.count { size = bytes.count - offset - 8 }
            let frames = size / (2 * channels)
            var samples = [Int16](repeating: 0, count: frames)
            for frame in 0..<frames {
                let at = offset + 8 + frame * 2 * channels
                samples[frame] = Int16(bitPattern: UInt16(u16(at)))
            }
            return (samples, sampleRate)
        }
        offset += 8 + size + (size & 1)
    }
    fatalError("\(path): no data chunk")
}

/// This thread's CPU time in nanoseconds: on a shared machine, wall time also counts the
/// time other processes held the core.
func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Best of `repeats` runs, in nanoseconds of CPU time per sample.
func nanosecondsPerSample(samples: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<repeats {
        let start = threadCPUNanoseconds()
        body()
        let end = threadCPUNanoseconds()
        best = min(best, Double(end - start) / Double(samples))
    }
    return best
}

func row(_ name: String, old: Double, new: Double) {
    let line = "\(name.padding(toLength: 40, withPad: " ", startingAt: 0))"
        + String(format: "%8.3f %8.3f   x%5.2f", old, new, old / new)
    print(line)
}

let speech = readWAV(arguments[1])
let sampleRate = speech.sampleRate
var signal = [Int16]()
signal.reserveCapacity(wantedSamples)
while signal.count < wantedSamples {
    signal.append(contentsOf: speech.samples.prefix(wantedSamples - signal.count))
}
let count = signal.count
print("signal: \(speech.samples.count) samples of speech at \(sampleRate) Hz, tiled to \(count) samples; block \(blockFrames); best of \(repeats)")
print("kernel                                    old ns   new ns   speed-up")

// MARK: Loudness meter (16-bit input, as SynthesisJob and the normalizer feed it)

func meterInt16<M>(_ make: () -> M, _ feed: (inout M, UnsafeBufferPointer<Int16>) -> Void) -> M {
    var meter = make()
    signal.withUnsafeBufferPointer { all in
        var start = 0
        while start < all.count {
            let end = min(start + blockFrames, all.count)
            feed(&meter, UnsafeBufferPointer(rebasing: all[start..<end]))
            start = end
        }
    }
    return meter
}

var oldMeter = ReferenceLoudnessMeter(sampleRate: sampleRate)
var newMeter = LoudnessMeter(sampleRate: sampleRate)
let oldMeterTime = nanosecondsPerSample(samples: count) {
    oldMeter = meterInt16({ ReferenceLoudnessMeter(sampleRate: sampleRate) }) { $0.process($1) }
}
let newMeterTime = nanosecondsPerSample(samples: count) {
    newMeter = meterInt16({ LoudnessMeter(sampleRate: sampleRate) }) { $0.process($1) }
}
row("LoudnessMeter.process(Int16)", old: oldMeterTime, new: newMeterTime)

// MARK: Peak limiter and quantizer, on the signal scaled to -19 LUFS (the pipeline's case)
// and to -9 LUFS (the limiter working hard).

let ceiling: Float = Float((pow(10, -1.0 / 20) * 32768).rounded(.down)) / 32768
var limiterChecks: [String] = []
for targetLUFS in [-19.0, -9.0] {
    let gain = Float(pow(10, (targetLUFS - oldMeter.integratedLoudness) / 20))
    let scaled = signal.map { Float($0) / 32768 * gain }
    var oldLimited = [Float](repeating: 0, count: count)
    var newLimited = [Float](repeating: 0, count: count)
    func limit<L>(_ make: () -> L, into output: inout [Float], _ feed: (inout L, UnsafeBufferPointer<Float>, UnsafeMutableBufferPointer<Float>) -> Void) {
        var limiter = make()
        scaled.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                var start = 0
                while start < input.count {
                    let end = min(start + blockFrames, input.count)
                    feed(&limiter, UnsafeBufferPointer(rebasing: input[start..<end]), UnsafeMutableBufferPointer(rebasing: output[start..<end]))
                    start = end
                }
            }
        }
    }
    let oldLimiterTime = nanosecondsPerSample(samples: count) {
        limit({ ReferencePeakLimiter(sampleRate: sampleRate, ceiling: ceiling) }, into: &oldLimited) { $0.process($1, into: $2) }
    }
    let newLimiterTime = nanosecondsPerSample(samples: count) {
        limit({ PeakLimiter(sampleRate: sampleRate, ceiling: ceiling) }, into: &newLimited) { $0.process($1, into: $2) }
    }
    row("PeakLimiter.process at \(Int(targetLUFS)) LUFS", old: oldLimiterTime, new: newLimiterTime)
    let limitedSame = oldLimited.withUnsafeBytes { old in newLimited.withUnsafeBytes { new in memcmp(old.baseAddress!, new.baseAddress!, old.count) == 0 } }
    limiterChecks.append("limiter at \(Int(targetLUFS)) LUFS bit-identical: \(limitedSame)")

    // The pipeline quantizes a block the limiter has just written (in cache): so do the
    // timing runs, cycling through 4 blocks (768 kB in and out); the checks cover everything.
    var oldQuantized = [Int16](repeating: 0, count: count)
    var newQuantized = [Int16](repeating: 0, count: count)
    func quantizeInCache(_ kernel: (UnsafeBufferPointer<Float>, UnsafeMutableBufferPointer<Int16>) -> Void) {
        oldLimited.withUnsafeBufferPointer { input in
            oldQuantized.withUnsafeMutableBufferPointer { output in
                for block in 0..<(input.count / blockFrames) {
                    let start = (block % 4) * blockFrames
                    kernel(UnsafeBufferPointer(rebasing: input[start..<start + blockFrames]),
                           UnsafeMutableBufferPointer(rebasing: output[start..<start + blockFrames]))
                }
            }
        }
    }
    let oldQuantizeCacheTime = nanosecondsPerSample(samples: count / blockFrames * blockFrames) {
        quantizeInCache { referenceQuantize($0, into: $1) }
    }
    let newQuantizeCacheTime = nanosecondsPerSample(samples: count / blockFrames * blockFrames) {
        quantizeInCache { WAVWriter.quantize($0, into: $1) }
    }
    row("quantize, in cache, \(Int(targetLUFS)) LUFS", old: oldQuantizeCacheTime, new: newQuantizeCacheTime)
    let oldQuantizeTime = nanosecondsPerSample(samples: count) {
        oldLimited.withUnsafeBufferPointer { input in
            oldQuantized.withUnsafeMutableBufferPointer { output in
                var start = 0
                while start < input.count {
                    let end = min(start + blockFrames, input.count)
                    referenceQuantize(UnsafeBufferPointer(rebasing: input[start..<end]), into: UnsafeMutableBufferPointer(rebasing: output[start..<end]))
                    start = end
                }
            }
        }
    }
    let newQuantizeTime = nanosecondsPerSample(samples: count) {
        oldLimited.withUnsafeBufferPointer { input in
            newQuantized.withUnsafeMutableBufferPointer { output in
                var start = 0
                while start < input.count {
                    let end = min(start + blockFrames, input.count)
                    WAVWriter.quantize(UnsafeBufferPointer(rebasing: input[start..<end]), into: UnsafeMutableBufferPointer(rebasing: output[start..<end]))
                    start = end
                }
            }
        }
    }
    row("quantize, streaming, \(Int(targetLUFS)) LUFS", old: oldQuantizeTime, new: newQuantizeTime)
    limiterChecks.append("quantize at \(Int(targetLUFS)) LUFS bit-identical: \(oldQuantized == newQuantized)")

    // The written samples, measured for true peak as TruePeakMeter.process(Int16) measures
    // them, a block at a time.
    var truePeak = 0.0
    let truePeakTime = nanosecondsPerSample(samples: count) {
        var interpolator = TruePeakInterpolator(sampleRate: sampleRate)
        newQuantized.withUnsafeBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = min(start + blockFrames, all.count)
                interpolator.process(UnsafeBufferPointer(rebasing: all[start..<end]))
                start = end
            }
        }
        truePeak = interpolator.peak
    }
    row("TruePeakInterpolator (Int16), \(Int(targetLUFS)) LUFS", old: .nan, new: truePeakTime)
    limiterChecks.append(String(format: "true peak at %d LUFS: %.17g", Int(targetLUFS), truePeak))
}

print("")
print(String(format: "meter integrated: old %.12f new %.12f LUFS (difference %.3e LU)",
             oldMeter.integratedLoudness, newMeter.integratedLoudness, newMeter.integratedLoudness - oldMeter.integratedLoudness))
print("meter peak identical: \(oldMeter.samplePeak == newMeter.samplePeak) (\(newMeter.samplePeak))")
for check in limiterChecks { print(check) }

// Every Float bit pattern through both block quantizers.
var allPatternsSame = true
do {
    let chunk = 1 << 16
    var input = [Float](repeating: 0, count: chunk)
    var old = [Int16](repeating: 0, count: chunk)
    var new = [Int16](repeating: 0, count: chunk)
    var pattern: UInt64 = 0
    while pattern < (1 << 32) && allPatternsSame {
        for index in 0..<chunk { input[index] = Float(bitPattern: UInt32(pattern) &+ UInt32(index)) }
        input.withUnsafeBufferPointer { input in
            old.withUnsafeMutableBufferPointer { referenceQuantize(input, into: $0) }
            new.withUnsafeMutableBufferPointer { WAVWriter.quantize(input, into: $0) }
        }
        if old != new { allPatternsSame = false }
        pattern += UInt64(chunk)
    }
}
print("quantize on all 2^32 Float bit patterns identical: \(allPatternsSame)")
