import ExpoSystem
import Foundation
import GuideCache
import Pictures

/// Pictures made before, kept in the cache folder as `picture-KEY.json` (the files' bytes and
/// sizes), so that a run over an unchanged catalog decodes and encodes no picture again, as it
/// synthesizes and encodes no unchanged track. The key is the SHA-256 of the picture's bytes,
/// its file stem and everything else that decides the files (`PicturePreparer.settings`). An
/// entry that cannot be read, or whose sizes disagree with its bytes, is made again.
struct PictureCache {
    let folder: URL

    static func key(source: Data, stem: String, preparer: PicturePreparer) -> String {
        var hasher = SHA256Digest()
        hasher.update(source)
        return SHA256Digest.key([hasher.hexDigest(), stem, preparer.settings, GuideBuilder.toolVersion])
    }

    static func fileName(key: String) -> String { CacheEntryKind.picture.name(key: key) }

    func load(_ key: String) -> [PreparedFile]? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent(Self.fileName(key: key))),
            let files = try? JSONDecoder().decode([PreparedFile].self, from: data), !files.isEmpty,
            files.allSatisfy({ $0.bytes.count == $0.variant.byteCount })
        else { return nil }
        return files
    }

    /// Best effort: a picture that cannot be stored is made again next time.
    func store(_ files: [PreparedFile], key: String) {
        guard let data = try? JSONEncoder().encode(files) else { return }
        try? AtomicFile.write(data, to: folder.appendingPathComponent(Self.fileName(key: key)))
    }
}
