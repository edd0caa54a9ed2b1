import CatalogLoading
import ExpoModel
import ExpoSystem
import Foundation
import Narration
import Normalization
import TestSupport

@testable import Export

/// A small guide made for the writers' tests: a poster with a French name in its title and
/// two entries, one of them full of text that looks like markup.
enum ExportSamples {
    static let hostileName = "<audio src=x> & \"따옴표\" ]]> -->"
    static let hostileParagraph = "첫 문장입니다 <script>alert(1)</script> & 끝.\n\n]]> 두 번째 <b>굵게</b> --> 문단입니다."

    static let catalog = Catalog(
        poster: Poster(
            title: "시험 박람회 1900\n(L'Exposition d'essai 1900)",
            visitors: 1_234_500,
            location: "가상 도시",
            duration: "1900. 04. 14 - 1900. 11. 12",
            description: "시험용 포스터 설명의 첫 문단입니다. 두 문장으로 되어 있습니다.\n\n둘째 문단입니다."
        ),
        entries: [
            Entry(
                name: "시험 항목 하나", imageName: "item_one", shortDescription: "짧은 설명입니다.",
                description: "첫 항목의 설명입니다. 아주 긴 문장은 자막에서 여러 줄로 나뉘어야 하므로 이 문장은 일부러 길게 썼습니다."),
            Entry(
                name: hostileName, imageName: "../../evil name", shortDescription: "요약 <i>기울임</i> & 기호",
                description: hostileParagraph),
        ]
    )

    static var tracks: [Track] { Narrator(normalizer: KoreanNormalizer()).tracks(for: catalog) }

    /// Results as the lead would hand them over: audio for every track but the last, which
    /// fell back to text with `fallbackReason`.
    static func summary(
        lastFallsBack: Bool = true, fallbackReason: String = "음성 합성기가 <응답> & 하지 않았습니다",
        for tracks: [Track] = tracks
    ) -> GuideSummary {
        let results = tracks.enumerated().map { index, track -> TrackResult in
            let fallsBack = lastFallsBack && index == tracks.count - 1
            var start = 0.25
            let cues =
                fallsBack
                ? []
                : track.sentences.map { sentence -> CaptionCue in
                    defer { start += 2.5 }
                    return CaptionCue(start: start, end: start + 2.25, text: sentence.display)
                }
            let audio =
                fallsBack
                ? nil
                : TrackAudio(
                    durationSeconds: start + 0.5, sampleRate: 22050, loudnessLUFS: -18.04321, peakDBFS: -1.98765,
                    sha256: String(repeating: "ab", count: 32), byteCount: 44 + 2 * 22050, cues: cues)
            return TrackResult(track, audio: audio, fallbackReason: fallsBack ? fallbackReason : nil)
        }
        return GuideSummary(
            title: tracks[0].title, toolVersion: "0.1.0-test", voiceProfile: "standard", espeakVersion: "1.51",
            guideAudioFile: "guide.wav", tracks: results)
    }

    /// Every track fell back to text: no audio anywhere.
    static func textOnlySummary(reason: String = "espeak-ng를 시작할 수 없습니다") -> GuideSummary {
        var summary = summary(lastFallsBack: false)
        summary.guideAudioFile = nil
        summary.espeakVersion = nil
        for index in summary.tracks.indices {
            summary.tracks[index].audio = nil
            summary.tracks[index].fallbackReason = reason
        }
        return summary
    }
}

/// The original apps' data in the shared fixtures beside the checkout; the tests that use it
/// carry `.needsSharedFixtures`, and without it `tracks()` throws the reason.
enum RealFixtures {
    static func tracks() throws -> [Track] {
        var loader = CatalogLoader()
        let catalog = try loader.load(
            posterFile: SharedFixtures.url("exposition_universelle_1900.json"),
            itemsFile: SharedFixtures.url("items.json"))
        return Narrator(normalizer: KoreanNormalizer()).tracks(for: catalog)
    }
}
