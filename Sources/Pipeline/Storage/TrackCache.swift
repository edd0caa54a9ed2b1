import Foundation
import ExpoModel
import ExpoSystem
import CatalogLoading
import KoreanSpeech
import Narration
import Speech
import Audio
import Export

/// A content-addressed store of finished track audio: `KEY.wav` and `KEY.json`, where KEY is
/// the SHA-256 of everything that decides the sound (the SSML, the voice profile, the tool's
/// and espeak-ng's versions). Each file is written under a temporary name and renamed, the
/// JSON last, so an entry is complete or absent even if runs overlap or one is killed.
public struct TrackCache: Sendable {
    public let folder: URL

    /// Opens (and creates) the cache folder, removing temporary files of runs that are gone.
    public init(folder: URL) throws {
        self.folder = folder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ExpoError.cannotCreateCache(path: folder.path, reason: ExpoError.reason(of: error))
        }
        Self.removeAbandonedFiles(in: folder)
    }

    /// The key of a track: SHA-256 over the inputs that decide its audio.
    public static func key(ssml: String, profile: VoiceProfile, toolVersion: String, espeakVersion: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let profileJSON = (try? encoder.encode(profile)).map { String(decoding: $0, as: UTF8.self) } ?? profile.name
        return SHA256Digest.key(["expo-narrate " + toolVersion, "espeak-ng " + espeakVersion, profileJSON, ssml])
    }

    public func audioURL(_ key: String) -> URL { folder.appendingPathComponent(key + ".wav") }
    public func metadataURL(_ key: String) -> URL { folder.appendingPathComponent(key + ".json") }
    /// The compressed copy of track `key` in `format` (`KEY.opus`, `KEY.mp3`).
    public func encodedURL(_ key: String, _ format: DeliveryFormat) -> URL {
        folder.appendingPathComponent(key + "." + format.fileExtension)
    }

    /// The entry for `key` if it is complete: metadata readable and the WAV of the recorded size.
    public func entry(_ key: String) -> TrackAudio? {
        guard let data = try? Data(contentsOf: metadataURL(key)),
              let entry = try? JSONDecoder().decode(TrackAudio.self, from: data)
        else { return nil }
        // stat(2) directly: FileManager's attributes also look up the owner's user and group
        // names (reading /etc/passwd and /etc/group) for every file.
        var status = stat()
        guard stat(audioURL(key).path, &status) == 0, Int(status.st_size) == entry.byteCount else { return nil }
        return entry
    }

    /// Records `entry` for an audio file already renamed to `audioURL(key)`.
    public func store(_ entry: TrackAudio, key: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(try encoder.encode(entry), to: metadataURL(key))
    }

    /// A private scratch file name for this process.
    public func scratchURL(_ name: String) -> URL {
        AtomicFile.temporaryURL(for: folder.appendingPathComponent(name))
    }

    /// SHA-256 of a file, lowercase hex.
    public static func sha256(of url: URL) throws -> String {
        try SHA256Digest.ofFile(url.path)
    }

    /// Removes `.NAME.partial-PID` files whose process is no longer alive.
    static func removeAbandonedFiles(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where AtomicFile.isAbandonedTemporary(name) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
