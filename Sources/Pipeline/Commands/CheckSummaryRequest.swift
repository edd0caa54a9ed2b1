import ExpoModel
import Foundation

/// What a run asks of its check helper (`expo-narrate _check-summary`, see `CheckHelper`): the
/// run's catalog, voices and cache, so that the helper checks what the run narrates.
public struct CheckSummaryRequest: HelperRequest, Equatable {
    public static let command = "_check-summary"

    /// The poster and entries files as the user named them (both, or neither for the default catalog).
    public var posterFile: String?
    public var itemsFile: String?
    /// The folder of pictures the user named, if any.
    public var images: String?
    /// The Voices folder the user named, if any, and the profile.
    public var voices: String?
    public var voice: String
    /// The run's cache folder, where the report is kept; nil: none.
    public var reportCache: String?
    /// The loader's limits the user gave, if any.
    public var maxEntries: Int?
    public var maxFieldBytes: Int?
    /// Started held (`CheckHelper.start`): the helper waits for the run's go-ahead on standard
    /// input before loading the spelling dictionary, and ends quietly when the run went away.
    public var held = false

    /// A request for the profile `voice` of the installed Voices folder and the default
    /// catalog; the other fields are set as the run was asked.
    public init(voice: String) {
        self.voice = voice
    }

    /// The catalog the request names, held to its limits.
    public var source: CatalogSource {
        CatalogSource(posterFile: posterFile, itemsFile: itemsFile, images: images, maxEntries: maxEntries, maxFieldBytes: maxFieldBytes)
    }

    /// The Voices folder named, if any.
    public var voicesFolder: URL? { voices.map { URL(fileURLWithPath: $0) } }
}
