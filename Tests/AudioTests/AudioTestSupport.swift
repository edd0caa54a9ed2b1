import ExpoModel
import ExpoSystem
import Foundation
import TestSupport
import Testing

@testable import Audio

enum Signal {
    /// `amplitude · sin(2π f t)`, full scale 1.0.
    static func sine(frequency: Double, amplitude: Double, sampleRate: Int, seconds: Double) -> [Float] {
        let count = Int(seconds * Double(sampleRate))
        let step = 2 * Double.pi * frequency / Double(sampleRate)
        return (0..<count).map { Float(amplitude * sin(step * Double($0))) }
    }

    static func silence(sampleRate: Int, seconds: Double) -> [Float] {
        Array(repeating: 0, count: Int(seconds * Double(sampleRate)))
    }

    static func decibels(_ linear: Double) -> Double { 20 * log10(linear) }
    static func linear(_ decibels: Double) -> Double { pow(10, decibels / 20) }

    /// Deterministic pseudo-random values in −1…1 (xorshift), so failures reproduce.
    static func noise(count: Int, seed: UInt64) -> [Float] {
        var state = seed | 1
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let unit: Double = Double(state >> 11) / 9_007_199_254_740_992  // 2^53: a value in 0..<1
            return Float(unit * 2 - 1)
        }
    }
}

/// Writes a 16-bit mono WAV with `WAVWriter`.
func writeWAV(_ samples: [Float], sampleRate: Int, to url: URL, cues: [CuePoint] = []) throws {
    let writer = try WAVWriter(url: url, sampleRate: sampleRate)
    try writer.append(samples)
    try writer.finish(cues: cues)
}

/// All samples of a 16-bit mono WAV.
func readAllSamples(_ url: URL) throws -> [Int16] {
    let reader = try WAVReader(url: url)
    var samples: [Int16] = []
    while true {
        let block = try reader.read(maxFrames: 1000)
        if block.isEmpty { return samples }
        samples += block
    }
}

/// Little-endian byte builders for hand-made RIFF files.
enum RIFFBytes {
    static func u16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func u32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    static func chunk(_ id: String, _ body: [UInt8], declaredSize: UInt32? = nil) -> [UInt8] {
        var bytes = Array(id.utf8) + u32(declaredSize ?? UInt32(body.count)) + body
        if body.count % 2 == 1 { bytes.append(0) }
        return bytes
    }

    static func fmt(tag: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 22050, bits: UInt16 = 16) -> [UInt8] {
        let align = channels * bits / 8
        return chunk(
            "fmt ",
            u16(tag) + u16(channels) + u32(rate) + u32(rate * UInt32(align)) + u16(align) + u16(bits))
    }

    static func pcm(_ samples: [Int16]) -> [UInt8] {
        samples.flatMap { u16(UInt16(bitPattern: $0)) }
    }

    static func riff(_ chunks: [[UInt8]], form: String = "WAVE") -> [UInt8] {
        let body = Array(form.utf8) + chunks.flatMap { $0 }
        return Array("RIFF".utf8) + u32(UInt32(body.count)) + body
    }

    static func u32(in bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }
}

/// Runs `espeak-ng -v ko -w OUTPUT TEXT`; fails the test (instead of skipping) when espeak-ng
/// is not on PATH.
func synthesizeKorean(_ text: String, to output: URL) throws {
    let executable = try #require(
        ExternalTool.find("espeak-ng"), "espeak-ng is not on PATH: install it (Debian: apt-get install espeak-ng) to run this test")
    let outcome = try ExternalTool.run(executable, ["-v", "ko", "-w", output.path, text], input: Data())
    try #require(outcome.status == 0, "espeak-ng exited with status \(outcome.status): \(outcome.errorText)")
}
