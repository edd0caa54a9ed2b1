import Foundation

/// Where a recording holds sound: the stretches of 10 ms frames whose sample peak is above
/// -50 dBFS, in seconds. It is what a listener hears, as opposed to what the speech engine
/// reported, so the caption timing is checked and set against it.
///
/// Frame `k` is the time from `k` × 10 ms to (`k` + 1) × 10 ms: sample `j` belongs to frame
/// ⌊`j` × 100 / rate⌋, so frame edges are whole milliseconds at any sample rate (at 22 050 Hz a
/// frame is 220 or 221 samples). The peak, not the mean power, decides, so a frame with a
/// single audible click counts as sound.
public enum SoundSpans {
    /// The length of one frame, in seconds.
    public static let frameSeconds = 0.01
    /// A frame whose sample peak is above this is sound.
    public static let thresholdDBFS = -50.0

    /// The sounding stretches of `samples` (16-bit, `sampleRate`), in order, each from the start
    /// of its first sounding frame to the end of its last, in seconds from the first sample.
    public static func spans(of samples: some Collection<Int16>, sampleRate: Int) -> [Range<Double>] {
        var builder = Builder(sampleRate: sampleRate)
        builder.add(samples)
        return builder.finish()
    }

    /// The sounding stretches of a 16-bit mono WAV file, read in blocks.
    public static func spans(ofWAV url: URL) throws -> [Range<Double>] {
        let reader = try WAVReader(url: url)
        defer { reader.close() }
        var builder = Builder(sampleRate: reader.format.sampleRate)
        var buffer = [Int16](repeating: 0, count: 65_536)
        while true {
            let count = try buffer.withUnsafeMutableBufferPointer { try reader.read(into: $0) }
            if count == 0 { break }
            buffer.withUnsafeBufferPointer { builder.add(UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
        return builder.finish()
    }

    /// The smallest sample magnitude that is sound: 10^(-50/20) of full scale.
    static let thresholdMagnitude = Int32((pow(10, thresholdDBFS / 20) * 32_768).rounded(.up))

    /// Collects frames as samples arrive.
    struct Builder {
        let sampleRate: Int
        private var sampleIndex: Int64 = 0
        private var frame: Int64 = 0
        private var frameIsSound = false
        private var runStart: Int64?
        private var spans: [Range<Double>] = []

        init(sampleRate: Int) {
            self.sampleRate = max(sampleRate, 1)
        }

        mutating func add(_ samples: some Collection<Int16>) {
            var copy = Array(samples)
            copy.withUnsafeMutableBufferPointer { add(UnsafeBufferPointer($0)) }
        }

        /// Adds the next samples: a frame at a time, each frame's samples looked at only until
        /// one is loud enough (the same frames as one sample at a time).
        mutating func add(_ samples: UnsafeBufferPointer<Int16>) {
            let rate = Int64(sampleRate)
            let threshold = SoundSpans.thresholdMagnitude
            var offset = 0
            while offset < samples.count {
                // The first sample of the next frame; the frames already over are closed.
                var nextEdge = ((frame + 1) * rate + 99) / 100
                while sampleIndex >= nextEdge {
                    close(frame)
                    frame += 1
                    nextEdge = ((frame + 1) * rate + 99) / 100
                }
                let end = offset + Int(min(Int64(samples.count - offset), nextEdge - sampleIndex))
                if !frameIsSound {
                    for index in offset..<end where abs(Int32(samples[index])) >= threshold {
                        frameIsSound = true
                        break
                    }
                }
                sampleIndex += Int64(end - offset)
                offset = end
            }
        }

        private mutating func close(_ frame: Int64) {
            if frameIsSound {
                if runStart == nil { runStart = frame }
            } else if let start = runStart {
                spans.append(Double(start) * SoundSpans.frameSeconds..<Double(frame) * SoundSpans.frameSeconds)
                runStart = nil
            }
            frameIsSound = false
        }

        mutating func finish() -> [Range<Double>] {
            if sampleIndex > 0 {
                close(frame)
                frame += 1
                close(frame)
            }
            return spans
        }
    }
}
