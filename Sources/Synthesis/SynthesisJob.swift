import Audio
import ExpoModel
import Foundation
import Synthesizer

/// One track to synthesize into the cache: what a worker process needs to know.
public struct SynthesisJob: Sendable, Equatable, Codable {
    /// The cache key (see `TrackCache.key`).
    public var key: String
    public var fileStem: String
    public var title: String
    /// The SSML document the engine speaks.
    public var ssml: String
    /// The display text of every sentence, in order: one caption cue each.
    public var sentences: [String]
    /// Where each display word of each sentence is said in `ssml` (see
    /// `SSMLBuilder.timedDocument(for:)`); empty: captions are timed per sentence only.
    public var wordSpans: [[ClosedRange<Int>?]]
    /// The guide's title, written into the compressed files' tags beside the track's.
    public var album: String
    /// "3/16": the track's place in the guide, for the tags.
    public var trackNumber: String

    public init(
        key: String, fileStem: String, title: String, ssml: String, sentences: [String],
        wordSpans: [[ClosedRange<Int>?]] = [], album: String = "", trackNumber: String = ""
    ) {
        self.key = key
        self.fileStem = fileStem
        self.title = title
        self.ssml = ssml
        self.sentences = sentences
        self.wordSpans = wordSpans
        self.album = album
        self.trackNumber = trackNumber
    }

    /// The tags its WAV master carries: its title, the guide's title and its place.
    public var wavTags: WAVInfoTags {
        WAVInfoTags(
            title: title, album: album.isEmpty ? nil : album, trackNumber: trackNumber.isEmpty ? nil : trackNumber,
            software: "expo-narrate")
    }

    /// A rough cost for sharing work out, longest first.
    public var estimatedCost: Int { ssml.utf8.count }
}

/// The work handed to worker processes: the jobs, the profile and the cache folder.
public struct SynthesisBatch: Sendable, Equatable, Codable {
    public var profile: VoiceProfile
    /// The compressed copies every track needs, and their settings.
    public var delivery: Delivery
    public var cacheFolder: String
    /// Longest first.
    public var jobs: [SynthesisJob]
    /// The shard ("K/N") whose tracks these are, when the cache is shared by several workers.
    public var shard: String?

    public init(
        profile: VoiceProfile, delivery: Delivery = .standard, cacheFolder: String, jobs: [SynthesisJob],
        shard: String? = nil
    ) {
        self.profile = profile
        self.delivery = delivery
        self.cacheFolder = cacheFolder
        self.jobs = jobs
        self.shard = shard
    }
}
