import GuideCache
import TestSupport
import Testing

@testable import Synthesis

@Suite("Track cache key")
struct TrackCacheKeyTests {
    static let profile = TestProfiles.standard

    @Test("the key changes with the SSML, the profile, the tool and espeak-ng's version, the captions, and only then")
    func keys() {
        let base = TrackCache.key(ssml: "<speak>가</speak>", profile: Self.profile, toolVersion: "1", espeakVersion: "1.51")
        #expect(base == TrackCache.key(ssml: "<speak>가</speak>", profile: Self.profile, toolVersion: "1", espeakVersion: "1.51"))
        var slower = Self.profile
        slower.rate -= 10
        for other in [
            TrackCache.key(ssml: "<speak>나</speak>", profile: Self.profile, toolVersion: "1", espeakVersion: "1.51"),
            TrackCache.key(ssml: "<speak>가</speak>", profile: slower, toolVersion: "1", espeakVersion: "1.51"),
            TrackCache.key(ssml: "<speak>가</speak>", profile: Self.profile, toolVersion: "2", espeakVersion: "1.51"),
            TrackCache.key(ssml: "<speak>가</speak>", profile: Self.profile, toolVersion: "1", espeakVersion: "1.52"),
            TrackCache.key(
                ssml: "<speak>가</speak>", profile: Self.profile, toolVersion: "1", espeakVersion: "1.51",
                captions: TrackCache.captionFingerprint(sentences: ["가"], wordSpans: [[1...1]])),
        ] {
            #expect(other != base)
        }
        #expect(base.count == 64 && base.allSatisfy { $0.isHexDigit })
        // Where the words are said is part of what a cached record holds.
        #expect(
            TrackCache.captionFingerprint(sentences: ["가 나"], wordSpans: [[1...1, 3...3]])
                != TrackCache.captionFingerprint(sentences: ["가 나"], wordSpans: [[1...1, nil]]))
        // The record's format is part of every key: older records (cues without word times) are made again.
        #expect(TrackCache.recordFormat == "track-record 3")
    }
}
