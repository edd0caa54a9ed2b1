import Foundation
import TestSupport

/// What ffprobe reads in one audio file, asked once: the first audio stream's sample rate, the
/// container's duration and the samples of every decoded frame. A guide's checks ask about the
/// same file several times (its coverage, its duration against the manifest, the page, the
/// playlists and the book), and each ffprobe process costs more to start than to read a track,
/// so the answers are kept per file for the test process, keyed by path, inode, size and
/// modification time: a file a test replaces or changes afterwards is probed again.
enum AudioProbe {
    struct Facts: Sendable {
        /// The first audio stream's sample rate (0 when ffprobe names none).
        var sampleRate: Int
        /// The container's duration (`format=duration`), NaN when there is none: an MP3's counts
        /// the encoder delay and padding a gapless player leaves out.
        var containerSeconds: Double
        /// The samples of every frame of the first audio stream, decoded.
        var decodedSamples: Int

        /// The seconds the decoded frames hold.
        var decodedSeconds: Double { sampleRate > 0 ? Double(decodedSamples) / Double(sampleRate) : .nan }
    }

    /// The facts of `file`, from one ffprobe run, or from an earlier run on the same file as it is now.
    static func facts(_ file: URL) throws -> Facts {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        let key = Key(
            path: file.standardizedFileURL.path, inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0,
            size: (attributes[.size] as? NSNumber)?.int64Value ?? -1,
            modified: (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? .nan)
        if let known = Store.shared.facts(for: key) { return known }
        let result = try CommandRunner.runTool(
            "/usr/bin/ffprobe",
            [
                "-v", "error", "-select_streams", "a:0", "-show_entries", "stream=sample_rate:format=duration:frame=nb_samples",
                "-of", "json", file.path,
            ])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        let streams = json["streams"] as? [[String: Any]] ?? []
        let frames = json["frames"] as? [[String: Any]] ?? []
        let facts = Facts(
            sampleRate: Int(streams.first?["sample_rate"] as? String ?? "") ?? 0,
            containerSeconds: Double((json["format"] as? [String: Any])?["duration"] as? String ?? "") ?? .nan,
            decodedSamples: frames.reduce(0) { $0 + ($1["nb_samples"] as? Int ?? 0) })
        Store.shared.remember(facts, for: key)
        return facts
    }

    private struct Key: Hashable {
        var path: String
        var inode: UInt64
        var size: Int64
        var modified: Double
    }

    private final class Store: @unchecked Sendable {
        static let shared = Store()
        private let lock = NSLock()
        private var known: [Key: Facts] = [:]

        func facts(for key: Key) -> Facts? { lock.withLock { known[key] } }
        func remember(_ facts: Facts, for key: Key) { lock.withLock { known[key] = facts } }
    }
}
