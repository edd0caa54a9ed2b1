import ExpoModel
import Foundation

/// A kind of entry in the cache folder and the name it has there: the one registry of the names
/// the cache makes. The layers that keep something in the cache (the track cache, the guide's
/// audio, the narration, the caption memo, the pictures, the check's reports) name their
/// entries through it, and `CacheFolder` knows its own names from it (`CacheFolder.isOwnName`):
/// what is not in `all` is another program's, never adopted, checked or removed. A new kind of
/// entry is added here, or the cache's claim and clean-up would take it for a stranger.
public struct CacheEntryKind: Sendable, Equatable {
    /// What stands between the name's prefix and suffix.
    enum Middle: Sendable, Equatable {
        /// Nothing: the name is fixed.
        case none
        /// A cache key (`CacheFolder.isKey`).
        case key
        /// Up to 16 hexadecimal digits, chosen at random.
        case randomHex
    }

    let prefix: String
    let middle: Middle
    let suffix: String
    /// Whether the entry is a folder (else a regular file).
    public let isFolder: Bool

    init(_ prefix: String, _ middle: Middle = .none, _ suffix: String = "", isFolder: Bool = false) {
        self.prefix = prefix
        self.middle = middle
        self.suffix = suffix
        self.isFolder = isFolder
    }

    /// The name of the entry of a kind without a key (`CACHEDIR.TAG`, `captions`, …).
    public var name: String {
        precondition(middle == .none, "\(prefix)…\(suffix) entries are named by a key")
        return prefix + suffix
    }

    /// The name of the entry of this kind for `key` (`check-KEY.json`, `KEY.wav`, …).
    public func name(key: String) -> String {
        precondition(middle == .key, "\(prefix)\(suffix) is not named by a key")
        return prefix + key + suffix
    }

    /// The name of the entry of a kind named by a random number (`batch-HEX`).
    public func name(randomHex: String) -> String {
        precondition(middle == .randomHex, "\(prefix)\(suffix) is not named by a random number")
        return prefix + randomHex + suffix
    }

    /// The entry of this kind in the cache folder `folder` (a kind without a key).
    public func url(in folder: URL) -> URL { folder.appendingPathComponent(name, isDirectory: isFolder) }

    /// The entry of this kind for `key` in the cache folder `folder`.
    public func url(in folder: URL, key: String) -> URL { folder.appendingPathComponent(name(key: key)) }

    /// Whether `name` is an entry of this kind.
    public func matches(_ name: String) -> Bool {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count >= prefix.count + suffix.count else { return false }
        let middleText = name.dropFirst(prefix.count).dropLast(suffix.count)
        switch middle {
        case .none: return middleText.isEmpty
        case .key: return CacheFolder.isKey(String(middleText))
        case .randomHex: return middleText.count <= 16 && middleText.allSatisfy(\.isHexDigit)
        }
    }

    // The cache folder's own marks (`CacheFolder`).
    /// The Cache Directory Tagging convention's tag.
    public static let tag = CacheEntryKind("CACHEDIR.TAG")
    /// The tool's mark: the cache's layout version.
    public static let version = CacheEntryKind("expo-narrate-cache.version")
    /// The digests of the cache's and the published guide's files (`FileDigests`).
    public static let fileDigests = CacheEntryKind("file-digests")

    // Tracks (`TrackCache`).
    /// A track's audio, `KEY.wav`.
    public static let trackAudio = CacheEntryKind("", .key, ".wav")
    /// A track's record, `KEY.json`.
    public static let trackRecord = CacheEntryKind("", .key, ".json")
    /// A track's raw samples while a worker makes it, `KEY.raw` (only ever a temporary name).
    public static let trackSamples = CacheEntryKind("", .key, ".raw")
    /// A track's compressed copy, `KEY.opus` or `KEY.mp3`.
    public static func encodedTrack(_ format: DeliveryFormat) -> CacheEntryKind {
        CacheEntryKind("", .key, "." + format.fileExtension)
    }
    /// The workers' batch folder of a run that is the cache's only writer.
    public static let batch = CacheEntryKind("batch", isFolder: true)
    /// The workers' batch folder of a run that shares the cache with other hosts, `batch-HEX`.
    public static let sharedBatch = CacheEntryKind("batch-", .randomHex, isFolder: true)

    // The whole guide (`GuideAudio`, in Pipeline).
    /// guide.wav's SHA-256, `guide-KEY.sha256`.
    public static let guideDigest = CacheEntryKind("guide-", .key, ".sha256")
    /// guide.opus's or guide.mp3's description, `guide-KEY.json`.
    public static let guideEncoding = CacheEntryKind("guide-", .key, ".json")
    /// A whole guide.wav, `guide-KEY.wav`, which earlier versions kept (removed when met).
    public static let guideAudio = CacheEntryKind("guide-", .key, ".wav")

    // What the stages above synthesis keep.
    /// The narration's folder (`NarrationCache`, in Pipeline).
    public static let narration = CacheEntryKind("narration", isFolder: true)
    /// A catalog's narration, `narration-KEY.json`, inside the narration's folder (so not in `all`).
    public static let narrationRecord = CacheEntryKind("narration-", .key, ".json")
    /// The tracks' caption cues (`CaptionMemo`, in Pipeline).
    public static let captions = CacheEntryKind("captions")
    /// A picture's published files, `picture-KEY.json` (`PictureCache`, in Pipeline).
    public static let picture = CacheEntryKind("picture-", .key, ".json")
    /// A check report kept for `--all`'s summary line, `check-KEY.json` (`CheckReportStore`).
    public static let checkReport = CacheEntryKind("check-", .key, ".json")

    /// Every kind of entry the cache folder holds.
    public static let all: [CacheEntryKind] = [
        tag, version, fileDigests,
        trackAudio, trackRecord, trackSamples, encodedTrack(.opus), encodedTrack(.mp3), batch, sharedBatch,
        guideDigest, guideEncoding, guideAudio,
        narration, captions, picture, checkReport,
    ]

    /// The kind of the entry named `name`, or nil for a name the cache never makes.
    public static func of(_ name: String) -> CacheEntryKind? {
        all.first { $0.matches(name) }
    }
}
