import Testing

@testable import Audio

@Suite("SoundSpans")
struct SoundSpansTests {
    @Test("10 ms frames whose peak is above -50 dBFS, at any sample rate, edges on whole milliseconds")
    func frames() {
        // 22 050 Hz: 0.1 s of silence, 0.25 s at full scale, 0.1 s silent, one sample of a click.
        var samples =
            [Int16](repeating: 0, count: 2205) + [Int16](repeating: 8000, count: 5512)
            + [Int16](repeating: 0, count: 2205)
        samples += [0, 0, 200] + [Int16](repeating: 0, count: 400)
        let spans = SoundSpans.spans(of: samples, sampleRate: 22_050)
        #expect(spans.count == 2)
        #expect(abs(spans[0].lowerBound - 0.10) < 1e-9 && abs(spans[0].upperBound - 0.35) < 1e-9)
        #expect(abs(spans[1].upperBound - spans[1].lowerBound - 0.01) < 1e-9)
    }

    @Test("-50 dBFS is the threshold: a peak of 103 (-50.03 dBFS) is silence, 104 (-49.97) is sound")
    func threshold() {
        #expect(SoundSpans.spans(of: [Int16](repeating: 103, count: 480) + [-103], sampleRate: 48_000).isEmpty)
        #expect(SoundSpans.spans(of: [Int16](repeating: 0, count: 480) + [-104], sampleRate: 48_000) == [0.01..<0.02])
    }
}

@Suite("SoundSpans, fed in pieces")
struct SoundSpansPiecesTests {
    /// The frames one sample at a time, as the definition reads: frame ⌊j × 100 / rate⌋ is sound
    /// when one of its samples reaches the threshold; runs of sound frames as spans.
    static func reference(_ samples: [Int16], rate: Int) -> [Range<Double>] {
        var loud = [Bool](repeating: false, count: samples.count * 100 / rate + 2)
        for (index, sample) in samples.enumerated() where abs(Int32(sample)) >= SoundSpans.thresholdMagnitude {
            loud[index * 100 / rate] = true
        }
        var spans: [Range<Double>] = []
        var start: Int?
        for (frame, isLoud) in loud.enumerated() {
            if isLoud, start == nil { start = frame }
            if !isLoud, let first = start {
                spans.append(Double(first) * SoundSpans.frameSeconds..<Double(frame) * SoundSpans.frameSeconds)
                start = nil
            }
        }
        return spans
    }

    @Test(
        "bursts and clicks at frame edges, fed in pieces of any size, make the frames of the definition",
        arguments: [8_000, 22_050, 44_100])
    func pieces(rate: Int) {
        var generator: UInt64 = 7
        var samples = [Int16](repeating: 0, count: rate / 2)
        for _ in 0..<60 {
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let at = Int(generator >> 33) % samples.count
            let length = Int(generator >> 20) % 300
            for index in at..<min(samples.count, at + length) { samples[index] = Int16(truncatingIfNeeded: Int(generator >> 40) % 600) - 300 }
        }
        let expected = Self.reference(samples, rate: rate)
        #expect(!expected.isEmpty)
        for piece in [1, 2, 219, 220, 221, 4_096, samples.count] {
            var builder = SoundSpans.Builder(sampleRate: rate)
            for start in stride(from: 0, to: samples.count, by: piece) {
                builder.add(samples[start..<min(samples.count, start + piece)])
            }
            #expect(builder.finish() == expected, "pieces of \(piece)")
        }
    }
}
