import Braille
import ExpoModel
import ExpoSystem
import Export
import Foundation
import GuideCache
import Synthesizer

/// What one run of the guide builder makes, and how.
public struct GuideRequest: Sendable {
    /// Which tracks to make.
    public enum Selection: Sendable, Equatable {
        /// The poster and every entry.
        case all
        /// The poster only.
        case poster
        /// The poster if `poster`, and the entries these names stand for, in catalog order: each
        /// name is an entry's name, its file stem with or without its number, or its 1-based
        /// position (see `EntryNames`).
        case some(poster: Bool, entryNames: [String])
    }

    public var catalog: Catalog
    public var selection: Selection
    public var outputFolder: URL
    public var profile: VoiceProfile
    /// Write text only, without starting espeak-ng.
    public var textOnly: Bool
    /// Why a text-only run has no audio, as the manifest and the page say it: in words that
    /// name no option of any front end.
    public static let textOnlyReason = "only the text was asked for"
    /// The audio formats and their encoders' settings.
    public var delivery: Delivery
    /// Worker processes for synthesis (1: in this process).
    public var jobs: Int
    /// Where synthesized tracks are kept between runs; `init` puts the default one here
    /// (`DefaultCacheFolder`), or turns `useCache` off when there is no usable one.
    public var cacheFolder: URL?
    /// Read and trust the cache.
    public var useCache: Bool
    /// The expo-narrate executable, started again as the speech server (nil: this program).
    public var executable: URL?
    /// When another run holds the output or cache folder: wait for it (true) or fail at once.
    public var waitForOtherRuns = true
    /// Make only this shard's share of the tracks into the cache and publish nothing
    /// (see `GuideBuilder.makeShard`).
    public var shard: Shard?
    /// Publish from the cache only: every track must be there; nothing is synthesized.
    public var assembleOnly = false
    /// The braille edition's page (`--format brf,pef`), and its Korean table (default:
    /// `Voices/braille/ko-expo-g2.ctb` of the voices folder, found with the voice profiles).
    public var braillePage = BraillePageSize.standard
    public var brailleTable: URL?
    /// A braille page's size in cells and lines.
    public typealias BraillePage = BraillePageSize
    /// The date the EPUB carries, in seconds since 1970 (`SOURCE_DATE_EPOCH`, for reproducible
    /// builds); nil: today at midnight UTC.
    public var sourceDate: Int?

    /// The latest date an EPUB can carry: 9999-12-31T23:59:59Z.
    public static let latestSourceDate = 253_402_300_799

    /// `SOURCE_DATE_EPOCH` of `environment`, read as whole seconds from 1970 to the year 9999;
    /// nil when it is not set; a usage error when it is set to anything else.
    public static func sourceDate(environment: [String: String]) throws -> Int? {
        guard let text = environment["SOURCE_DATE_EPOCH"], !text.isEmpty else { return nil }
        return try CheckedNumber.parse(text, in: 0...latestSourceDate, what: "SOURCE_DATE_EPOCH (seconds since 1970)")
    }
    /// Where the pictures are, searched in order (`--images`, then the catalog's `images/`);
    /// none: a guide without pictures.
    public var pictureFolders: [URL] = []

    /// How the guide is made, published with it in its manifest (`GuideProvenance`): its
    /// settings and the digests of its inputs; nil: none is recorded.
    public var provenance: GuideProvenance?
    /// The published guide's settings this run took its own from (a run over some tracks); it
    /// publishes nothing if the guide has others by the time it holds the folder.
    public var publishedSettings: GuideProvenance.Settings?

    /// Why this run has no cache although one was not turned off (no usable home), for the user.
    public var cacheNotice: String?
    /// Why the default cache folder is refused (XDG_CACHE_HOME names a file, the folder is a
    /// symbolic link): the run stops with it before anything is made (`RunFolders.check`).
    public var cacheRefusal: ExpoError?

    /// The cache folder this request uses, or nil when it runs without one.
    public var effectiveCacheFolder: URL? {
        useCache ? cacheFolder : nil
    }

    public init(
        catalog: Catalog, selection: Selection = .all, outputFolder: URL, profile: VoiceProfile,
        textOnly: Bool = false, delivery: Delivery = .standard, jobs: Int = 1, cacheFolder: URL? = nil, useCache: Bool = true,
        executable: URL? = nil
    ) {
        self.catalog = catalog
        self.selection = selection
        self.outputFolder = outputFolder
        self.profile = profile
        self.textOnly = textOnly
        self.delivery = delivery
        self.jobs = jobs
        self.useCache = useCache
        self.executable = executable
        if useCache, cacheFolder == nil {
            do {
                switch try DefaultCacheFolder.locate(environment: ProcessInfo.processInfo.environment) {
                case .success(let folder): self.cacheFolder = folder
                case .failure(let reason):
                    self.useCache = false
                    cacheNotice = "No cache folder can be used (\(reason.description)): running without one, so every track is made again next time"
                }
            } catch {
                self.useCache = false
                cacheRefusal = error as? ExpoError ?? ExpoError(.cannotCreate, "\(error)", subject: .cacheFolder)
            }
        } else {
            self.cacheFolder = cacheFolder
        }
    }
}
