import ExpoModel
import ExpoSystem
import Export
import Foundation
import Pictures
import TalkingBook

/// The pictures (`--images`, the catalog's `images/` folder): each track's picture found by
/// its image name, checked and made into the page's sizes, staged beside the other files. A
/// missing or refused picture is a warning and the guide goes on without it. A picture made
/// before is taken from the cache (`PictureCache`); unchanged files are not written again.
extension ExportStage {
    /// What the page, the book and the manifest get.
    struct GuidePictures {
        var published: [String: PublishedPicture] = [:]
        var book: [String: PictureReference] = [:]
        var notes: [String: String] = [:]
        /// Each source picture's SHA-256 with its track's file stem ("00-poster:ab12…").
        var sourceDigests: [String] = []
    }

    /// Finds, checks and stages the pictures of `tracks`; tells each problem through `warn`.
    func writePictures(_ tracks: [Track], warn: (String) -> Void) throws -> GuidePictures {
        var result = GuidePictures()
        // The captions' key names the code this process runs; it is read before libvips (and
        // its libraries) may be opened here, so that runs with and without pictures agree on it.
        CaptionMemo.readProgramKey()
        let folders = PictureFolders(request.pictureFolders)
        guard !folders.isEmpty else { return result }
        let sources = Self.pictureSources(request.catalog)
        let preparer = PicturePreparer()
        let cache = request.useCache ? request.effectiveCacheFolder.map { PictureCache(folder: $0) } : nil
        var files: [String] = []
        var withoutAlternative: [String] = []
        for track in tracks {
            try Interruption.check()
            guard let source = sources[track.fileStem], !source.imageName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
            guard let file = folders.file(for: source.imageName) else {
                warn(
                    "no picture for \(track.title) (image name \"\(source.imageName)\") in \(folders.folders.map(\.path).joined(separator: " or ")); the guide is made without it"
                )
                continue
            }
            let prepared: [PreparedFile]
            do {
                let data = try preparer.read(file)
                var hasher = SHA256Digest()
                hasher.update(data)
                result.sourceDigests.append(track.fileStem + ":" + hasher.hexDigest())
                let key = PictureCache.key(source: data, stem: track.fileStem, preparer: preparer)
                if let cached = cache?.load(key) {
                    prepared = cached
                } else {
                    prepared = try preparer.prepare(data, from: file, stem: track.fileStem)
                    cache?.store(prepared, key: key)
                }
            } catch  where error.isLibraryMissing {
                throw ExpoError(
                    .unavailable, "The picture \(file.path) cannot be prepared: \(error.reason)",
                    advice: "Install libvips 8 (Debian: apt-get install libvips42), or make the guide without pictures.")
            } catch  where error.isResourceShortage {
                // The machine's limits, not the picture: the run stops as it does wherever a
                // thread or memory is refused, rather than publish the guide without it.
                let refused = error.reason.contains("thread") ? "a new thread" : "the memory"
                throw ExpoError(
                    .resources, "The system refused \(refused) needed to prepare the picture \(file.path)",
                    advice: "Raise the limit on processes or memory (ulimit -u, ulimit -v), or run with fewer other programs.")
            } catch {
                warn(error.description)
                continue
            }
            for file in prepared { try output.write(file.bytes, to: file.variant.file) }
            files += prepared.map(\.variant.file)
            let variants = prepared.map(\.variant)
            guard let book = prepared.filter({ $0.variant.mediaType == PictureFormat.jpeg.mediaType }).max(by: { $0.variant.width < $1.variant.width })
            else { continue }
            let picture = PublishedPicture(
                fileStem: track.fileStem, alternative: source.alternative, variants: variants,
                bookVariant: book.variant)
            result.published[track.fileStem] = picture
            if source.alternative == .missing { withoutAlternative.append(track.fileStem) }
            result.book[track.fileStem] = PictureReference(
                data: book.bytes, fileName: book.variant.file, mediaType: book.variant.mediaType,
                width: book.variant.width, height: book.variant.height,
                alt: GuidePageWriter.altText(source.alternative, title: track.title), hasAlternative: source.alternative != .missing)
        }
        if !result.published.isEmpty {
            result.notes["pictures.files"] = files.joined(separator: " ")
            result.notes["pictures.library"] = PicturePreparer.libraryVersion
            // Said, not hidden: the pictures nobody has written a text alternative for.
            if !withoutAlternative.isEmpty { result.notes["pictures.withoutAlternativeText"] = withoutAlternative.joined(separator: " ") }
        }
        return result
    }

    /// The names a track's picture is published under at the page's widths (a picture narrower
    /// than the widest also has one at its own width, which the publication checks when it is made).
    static func pictureNames(of tracks: [Track]) -> Set<String> {
        let widths = PictureLimits().widths
        return Set(
            tracks.flatMap { track in
                widths.flatMap { width in PictureFormat.allCases.map { "\(track.fileStem)-\(width).\($0.fileExtension)" } }
            })
    }

    /// Each track's picture fields, by file stem.
    static func pictureSources(_ catalog: Catalog) -> [String: (imageName: String, alternative: PictureAlternative)] {
        var sources: [String: (imageName: String, alternative: PictureAlternative)] = [
            FileNaming.posterStem: (catalog.poster.imageName ?? "", PictureAlternative(catalogField: catalog.poster.imageAlt))
        ]
        let count = catalog.entries.count
        for (index, entry) in catalog.entries.enumerated() {
            let stem = FileNaming.entryStem(index: index, count: count, hint: entry.imageName)
            sources[stem] = (entry.imageName, PictureAlternative(catalogField: entry.imageAlt))
        }
        return sources
    }
}
