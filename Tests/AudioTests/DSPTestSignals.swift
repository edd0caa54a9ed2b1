import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import Audio

/// Signals on which the optimised kernels are compared with their frozen reference copies
/// (DSPReferenceImplementations.swift), and the ways of cutting them into calls.
enum DSPTestSignals {
    static let sampleRate = 22050

    /// Block sizes the callers might use, and an irregular cut (prime-ish, changing sizes).
    static let splits: [[Int]] = [[1], [7], [4096], [32768], [1, 2, 3, 2205, 2204, 4410, 999, 1]]

    /// Real Korean speech from espeak-ng when it is installed, else a synthetic stand-in:
    /// harmonics of a wandering 90–250 Hz voice under a syllable envelope, with pauses.
    static func speech() throws -> [Int16] {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let installed = path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/espeak-ng")
        }
        guard installed else { return syntheticSpeech(seconds: 6) }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = folder.file("speech.wav")
        try synthesizeKorean(
            "안녕하세요. 전시관의 오래된 물건들을 차례로 소개합니다. 천구백 년의 박람회, 그리고 긴 설명이 이어집니다.",
            to: file)
        return try readAllSamples(file)
    }

    static func syntheticSpeech(seconds: Double) -> [Int16] {
        let count = Int(seconds * Double(sampleRate))
        var phase = 0.0
        let noise = Signal.noise(count: count, seed: 11)
        return (0..<count).map { index in
            let t = Double(index) / Double(sampleRate)
            let pitch = 170 + 80 * sin(2 * Double.pi * 0.7 * t)
            phase += 2 * Double.pi * pitch / Double(sampleRate)
            let syllable = max(0, sin(2 * Double.pi * 3.1 * t)) * (sin(2 * Double.pi * 0.23 * t) > -0.6 ? 1 : 0)
            var voice = 0.0
            for harmonic in 1...12 { voice += sin(Double(harmonic) * phase) / Double(harmonic) }
            let value = syllable * (0.35 * voice + 0.05 * Double(noise[index]))
            return Int16(max(-32768, min(32767, (value * 20000).rounded())))
        }
    }

    static func whiteNoise(count: Int, seed: UInt64) -> [Int16] {
        Signal.noise(count: count, seed: seed).map { Int16(max(-32768, min(32767, ($0 * 32768).rounded()))) }
    }

    /// Full-scale square waves (50 Hz, 1 kHz and at Nyquist), then DC steps between the rails,
    /// zero and one LSB: the high-pass's long memory and the integer extremes.
    static func squaresAndSteps() -> [Int16] {
        var signal: [Int16] = []
        for period in [441, 22, 2] {
            for index in 0..<(sampleRate * 2) { signal.append(index % period < period / 2 ? 32767 : -32768) }
        }
        for level: Int16 in [0, 32767, -32768, 0, 1, -1, 32767, 0] {
            signal += Array(repeating: level, count: sampleRate + 123)
        }
        return signal
    }

    /// Calls `body` on consecutive parts of `count` samples, sized by cycling through `sizes`.
    static func cut(count: Int, sizes: [Int], _ body: (Range<Int>) -> Void) {
        var start = 0
        var which = 0
        while start < count {
            let end = min(count, start + sizes[which % sizes.count])
            body(start..<end)
            start = end
            which += 1
        }
    }
}
