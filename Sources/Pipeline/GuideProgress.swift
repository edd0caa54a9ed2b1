import ExpoModel
import Export
import Foundation

/// The outcome of a run.
public struct GuideReport: Sendable {
    public var summary: GuideSummary
    public var outputFolder: URL
    /// Why there is no audio at all (text-only run or espeak-ng unavailable), else nil.
    public var audioMissingReason: String?
    /// Titles of tracks whose audio failed while others were made.
    public var failedTracks: [String]
    /// Tracks reused from the cache.
    public var cachedTracks: Int
    /// When shards made the tracks: how long each took, from the cache's records.
    public var shardTimings: [ShardTiming] = []
    /// The editions this run published, in words ("the page and transcript", "audio (WAV, Opus)
    /// with captions", "braille (BRF, PEF)", …), in the order a curator reads them.
    public var editions: [String] = []

    /// The whole guide's length in seconds (guide.wav's, with the pauses between tracks; the
    /// tracks added up when there is no guide).
    public var totalDuration: Double {
        summary.guideDurationSeconds ?? summary.tracks.compactMap(\.durationSeconds).reduce(0, +)
    }

    /// The editions a run with `delivery` published, judged by what it wrote: audio only when
    /// the guide has some, each compressed format only when a track has it.
    static func editions(delivery: Delivery, summary: GuideSummary) -> [String] {
        let names: [DeliveryFormat: String] = [.wav: "WAV", .opus: "Opus", .mp3: "MP3", .brf: "BRF", .pef: "PEF"]
        var editions = ["the page and transcript"]
        if summary.guideAudioFile != nil {
            let encodings = delivery.publishedEncodings.filter { format in summary.tracks.contains { $0.compressedFiles[format.rawValue] != nil } }
            editions.append("audio (\(([DeliveryFormat.wav] + encodings).compactMap { names[$0] }.joined(separator: ", "))) with captions")
        }
        if delivery.formats.contains(.epub) {
            editions.append(summary.guideAudioFile != nil ? "the EPUB talking book" : "the EPUB book (text only)")
        }
        let daisy = [(DeliveryFormat.daisy202, "DAISY 2.02"), (.daisy3, "DAISY 3")].filter { delivery.formats.contains($0.0) }
        if !daisy.isEmpty {
            editions.append(
                "the DAISY talking book (\(daisy.map(\.1).joined(separator: ", ")))"
                    + (summary.guideAudioFile != nil ? "" : ", text only"))
        }
        let braille = [DeliveryFormat.brf, .pef].filter { delivery.formats.contains($0) }
        if !braille.isEmpty { editions.append("braille (\(braille.compactMap { names[$0] }.joined(separator: ", ")))") }
        if delivery.formats.contains(.labels) { editions.append("the app labels") }
        return editions
    }
}

/// What one shard did (see `GuideBuilder.makeShard`).
public struct ShardReport: Sendable {
    public var shard: Shard
    /// The tracks that are this shard's share.
    public var tracks: Int
    /// Made now.
    public var made: Int
    /// Already in the cache.
    public var fromCache: Int
    /// Titles of the tracks that could not be made.
    public var failedTracks: [String]
    /// Wall-clock seconds of the whole run.
    public var seconds: Double
}

/// How long one shard's tracks took, as their cache entries record it.
public struct ShardTiming: Sendable, Equatable {
    /// "K/N".
    public var shard: String
    /// Tracks of the guide this shard made.
    public var tracks: Int
    /// Seconds of speech and encoding, summed over those tracks (its workers ran side by side).
    public var seconds: Double
    /// The hosts they were made on.
    public var hosts: [String]

    /// One timing per shard of `origins`, in shard order.
    public static func from(_ origins: [TrackOrigin]) -> [ShardTiming] {
        let byShard = Dictionary(grouping: origins, by: \.shard)
        let order = byShard.keys.sorted {
            let (a, b) = (Shard($0), Shard($1))
            if let a, let b { return a.count != b.count ? a.count < b.count : a.index < b.index }
            return $0 < $1
        }
        return order.map { shard in
            let records = byShard[shard]!
            return ShardTiming(
                shard: shard, tracks: records.count, seconds: records.map(\.seconds).reduce(0, +),
                hosts: Set(records.map(\.host)).sorted())
        }
    }
}
