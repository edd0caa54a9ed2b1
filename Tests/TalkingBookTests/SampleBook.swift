import Foundation
import TestSupport

@testable import TalkingBook

/// Narration made with espeak-ng (one WAV per sentence, joined) and encoded to MP3.
struct NarratedAudio {
    let url: URL
    let samples: [Int16]
    let sampleRate: Int
    let clips: [ClosedRange<Double>]
    var duration: Double { Double(samples.count) / Double(sampleRate) }
}

enum SampleAudio {
    /// Speaks each `(text, voice)` in turn and returns the joined narration with each sentence's clip.
    static func narrate(_ sentences: [(String, String)], name: String, in scratch: TemporaryFolder) throws
        -> NarratedAudio
    {
        guard let espeak = ExternalTool.find("espeak-ng") else { throw SampleError.missingTool("espeak-ng") }
        var samples: [Int16] = []
        var clips: [ClosedRange<Double>] = []
        var rate = 22050
        for (index, (text, voice)) in sentences.enumerated() {
            let wav = scratch.file("\(name)-\(index).wav")
            let result = try ExternalTool.run(espeak, ["-v", voice, "-w", wav.path, text])
            guard result.status == 0 else { throw SampleError.toolFailed(result.output) }
            let (part, partRate) = try readWAV(wav)
            rate = partRate
            let begin = Double(samples.count) / Double(rate)
            samples += part
            clips.append(begin...(Double(samples.count) / Double(rate)))
        }
        let joined = scratch.file("\(name).wav")
        try writeWAV(samples, rate: rate, to: joined)
        let mp3 = scratch.file("\(name).mp3")
        try encodeMP3(joined, mp3)
        return NarratedAudio(url: mp3, samples: samples, sampleRate: rate, clips: clips)
    }

    private static func encodeMP3(_ wav: URL, _ mp3: URL) throws {
        let result: (status: Int32, output: String)
        if let lame = ExternalTool.find("lame") {
            result = try ExternalTool.run(lame, ["--quiet", "-m", "m", "-b", "48", wav.path, mp3.path])
        } else if let ffmpeg = ExternalTool.find("ffmpeg") {
            result = try ExternalTool.run(ffmpeg, ["-loglevel", "error", "-y", "-i", wav.path, "-b:a", "48k", mp3.path])
        } else {
            throw SampleError.missingTool("lame or ffmpeg")
        }
        guard result.status == 0 else { throw SampleError.toolFailed(result.output) }
    }

    /// 16-bit mono PCM samples and the sample rate of a WAV file.
    static func readWAV(_ url: URL) throws -> ([Int16], Int) {
        let data = try Data(contentsOf: url)
        func u16(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        guard data.count > 12, String(decoding: data[0..<4], as: UTF8.self) == "RIFF" else {
            throw SampleError.badWAV
        }
        var position = 12
        var rate = 0
        while position + 8 <= data.count {
            let id = String(decoding: data[position..<(position + 4)], as: UTF8.self)
            let size = u32(position + 4)
            if id == "fmt " {
                guard u16(position + 10) == 1, u16(position + 22) == 16 else { throw SampleError.badWAV }
                rate = u32(position + 12)
            } else if id == "data" {
                let end = min(data.count, position + 8 + size)
                let bytes = data[(position + 8)..<end]
                let samples = stride(from: bytes.startIndex, to: end - 1, by: 2).map { index in
                    Int16(bitPattern: UInt16(data[index]) | UInt16(data[index + 1]) << 8)
                }
                return (samples, rate)
            }
            position += 8 + size + (size & 1)
        }
        throw SampleError.badWAV
    }

    static func writeWAV(_ samples: [Int16], rate: Int, to url: URL) throws {
        var data = Data()
        data.append(contentsOf: Array("RIFF".utf8))
        data.appendLE(UInt32(36 + samples.count * 2))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        data.appendLE(UInt32(16))
        data.appendLE(UInt16(1))
        data.appendLE(UInt16(1))
        data.appendLE(UInt32(rate))
        data.appendLE(UInt32(rate * 2))
        data.appendLE(UInt16(2))
        data.appendLE(UInt16(16))
        data.append(contentsOf: Array("data".utf8))
        data.appendLE(UInt32(samples.count * 2))
        for sample in samples { data.appendLE(sample) }
        try data.write(to: url)
    }
}

enum SampleError: Error {
    case missingTool(String)
    case toolFailed(String)
    case badWAV
}

/// The sample guide: the poster and one entry (narrated), plus a text-only chapter of hostile text.
enum SampleBook {
    static let frenchTitle = "L'Exposition de Paris 1900"
    static let nonCharacters = String(String.UnicodeScalarView([0xFFFE, 0xFDD0].compactMap(Unicode.Scalar.init)))
    static let hostile = "A < B & C > D \"q\" 'a' ]]> \u{0}\u{7}\u{1B}\u{85}" + nonCharacters + " 😀🇰🇷 \u{202E}evil\u{202C} "

    typealias Spec = [(BookBlock.Role, [[TextRun]])]

    static let poster: Spec = [
        (.title, [[TextRun("1900년 파리 만국박람회 포스터")]]),
        (.paragraph, [[TextRun(frenchTitle, language: "fr")]]),
        (.fact, [[TextRun("방문객: 사천팔백십삼만 삼백 명")]]),
        (.fact, [[TextRun("기간: 사월 십사일부터 십일월 십이일까지")]]),
        (.summary, [[TextRun("대한제국이 처음으로 참가한 만국박람회입니다.")]]),
        (
            .paragraph,
            [
                [TextRun("포스터에는 "), TextRun(frenchTitle, language: "fr"), TextRun("이라는 제목이 있습니다.")],
                [TextRun("한국관은 전통 건축 양식으로 지어졌습니다.")],
            ]
        ),
    ]

    static let jikji: Spec = [
        (.title, [[TextRun("직지심체요절")]]),
        (.fact, [[TextRun("간행: 천삼백칠십칠 년")]]),
        (.paragraph, [[TextRun("현존하는 가장 오래된 금속활자 인쇄본입니다.")]]),
    ]

    static let notes: Spec = [
        (.title, [[TextRun("일러두기")]]),
        (.paragraph, [[TextRun(hostile), TextRun("שלום עולם", language: "he"), TextRun(" 끝.")]]),
    ]

    /// Builds blocks from a spec, giving the sentences the clips in order (or none).
    static func blocks(_ spec: Spec, clips: [ClosedRange<Double>]?) -> [BookBlock] {
        var next = 0
        return spec.map { role, sentences in
            BookBlock(
                role: role,
                sentences: sentences.map { runs in
                    defer { next += 1 }
                    return BookSentence(runs: runs, clip: clips?[next])
                })
        }
    }

    /// What espeak-ng reads for each sentence, with the voice of its only or first language.
    static func spoken(_ spec: Spec) -> [(String, String)] {
        spec.flatMap { $0.1 }.map { runs in
            let voice = runs.count == 1 ? (runs[0].language ?? "ko") : "ko"
            return (runs.map(\.text).joined(), voice)
        }
    }

    static func document(
        poster: (AudioReference, [ClosedRange<Double>]),
        jikji: (AudioReference, [ClosedRange<Double>])
    ) -> TalkingBookDocument {
        let chapters = [
            BookChapter(
                id: "00-poster", title: "1900년 파리 만국박람회 포스터", audio: poster.0,
                blocks: blocks(Self.poster, clips: poster.1)),
            BookChapter(id: "01-jikji", title: "직지심체요절", audio: jikji.0, blocks: blocks(Self.jikji, clips: jikji.1)),
            BookChapter(id: "02-notes", title: "일러두기", blocks: blocks(Self.notes, clips: nil)),
        ]
        return TalkingBookDocument(
            title: "1900년 파리 만국박람회와 대한제국", language: "ko",
            identifier: "urn:uuid:6f1c2a8e-1900-4c0e-9a51-3d2b7e0f1a00", modified: "2026-01-01T00:00:00Z",
            creator: "expo-narrate", publisher: "expo-narrate",
            accessibilitySummary: "모든 본문은 텍스트로 제공되며, 첫 두 장은 문장 단위로 강조 표시되는 음성 낭독이 동기화되어 있습니다.",
            chapters: chapters, narrator: "espeak-ng (ko)")
    }

    /// The sample with placeholder audio bytes and made-up clips (no tools needed).
    static func withPlaceholderAudio(in scratch: TemporaryFolder) throws -> TalkingBookDocument {
        func placeholder(_ name: String, count: Int) throws -> (AudioReference, [ClosedRange<Double>]) {
            let url = scratch.file(name)
            try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: url)
            let clips = (0..<count).map { index -> ClosedRange<Double> in
                let start = Double(index) * 1.5
                return start...(start + 1.25)
            }
            return (
                AudioReference(
                    sourceURL: url, fileName: name, mediaType: "audio/mpeg",
                    durationSeconds: Double(count) * 1.5), clips
            )
        }
        return document(
            poster: try placeholder("00-poster.mp3", count: spoken(poster).count),
            jikji: try placeholder("01-jikji.mp3", count: spoken(jikji).count))
    }

    /// The sample with real espeak-ng narration encoded to MP3.
    static func withNarration(in scratch: TemporaryFolder) throws
        -> (TalkingBookDocument, [String: NarratedAudio])
    {
        let posterAudio = try SampleAudio.narrate(spoken(poster), name: "00-poster", in: scratch)
        let jikjiAudio = try SampleAudio.narrate(spoken(jikji), name: "01-jikji", in: scratch)
        func reference(_ audio: NarratedAudio, _ name: String) -> (AudioReference, [ClosedRange<Double>]) {
            (
                AudioReference(
                    sourceURL: audio.url, fileName: name + ".mp3", mediaType: "audio/mpeg",
                    durationSeconds: audio.duration), audio.clips
            )
        }
        let document = document(
            poster: reference(posterAudio, "00-poster"),
            jikji: reference(jikjiAudio, "01-jikji"))
        return (document, ["00-poster": posterAudio, "01-jikji": jikjiAudio])
    }
}
