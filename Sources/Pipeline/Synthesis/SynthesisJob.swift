import Foundation
import Speech

/// One track to synthesise into the cache: what a worker process needs to know.
public struct SynthesisJob: Sendable, Equatable, Codable {
    /// The cache key (see `TrackCache.key`).
    public var key: String
    public var fileStem: String
    public var title: String
    /// The SSML document the engine speaks.
    public var ssml: String
    /// The display text of every sentence, in order: one caption cue each.
    public var sentences: [String]

    public init(key: String, fileStem: String, title: String, ssml: String, sentences: [String]) {
        self.key = key
        self.fileStem = fileStem
        self.title = title
        self.ssml = ssml
        self.sentences = sentences
    }

    /// A rough cost for sharing work out, longest first.
    public var estimatedCost: Int { ssml.utf8.count }
}

/// The work handed to worker processes: the jobs, the profile and the cache folder.
public struct SynthesisBatch: Sendable, Equatable, Codable {
    public var profile: VoiceProfile
    public var cacheFolder: String
    /// Longest first.
    public var jobs: [SynthesisJob]

    public init(profile: VoiceProfile, cacheFolder: String, jobs: [SynthesisJob]) {
        self.profile = profile
        self.cacheFolder = cacheFolder
        self.jobs = jobs
    }
}
