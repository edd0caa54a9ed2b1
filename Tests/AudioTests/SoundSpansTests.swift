import Testing
@testable import Audio

@Suite("SoundSpans")
struct SoundSpansTests {
    @Test("10 ms frames whose peak is above -50 dBFS, at any sample rate, edges on whole milliseconds")
    func frames() {
        // 22 050 Hz: 0.1 s of silence, 0.25 s at full scale, 0.1 s silent, one sample of a click.
        var samples = [Int16](repeating: 0, count: 2205) + [Int16](repeating: 8000, count: 5512)
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
