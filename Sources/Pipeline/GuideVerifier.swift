import Audio
import Encoding
import ExpoModel
import ExpoSystem
import Export
import Foundation
import Publication

/// Checks a published guide against its `manifest.json`, as a museum checks the copy on a
/// kiosk or a web host (`expo-narrate verify DIR`): every file the manifest lists is there with
/// its recorded size and SHA-256, and every audio file decodes to its recorded duration,
/// loudness and true peak (each within a tolerance: the meters are the ones that recorded them,
/// so a difference means the file or the manifest was changed). A file whose bytes are not the
/// recorded ones is reported as changed and not decoded.
public enum GuideVerifier {
    /// How far a decoded duration may be from the recorded one, in seconds.
    public static let durationTolerance = 0.02
    /// How far a measured loudness may be from the recorded one, in LU.
    public static let loudnessTolerance = 0.3
    /// How far a measured true peak may be from the recorded one, in dB.
    public static let truePeakTolerance = 0.3
    /// The largest manifest read, in bytes: a guide of thousands of tracks needs a few megabytes.
    public static let maximumManifestBytes = 16 << 20
    /// The most files a manifest may list.
    public static let maximumFiles = 100_000
    /// The longest file name a manifest may list, in bytes (the file systems' NAME_MAX).
    public static let maximumNameBytes = 255

    /// What was checked and what is wrong.
    public struct Report: Sendable, Equatable {
        /// The files the manifest lists.
        public var files: Int
        /// One line per problem, each naming its file: empty when the guide is whole.
        public var problems: [String]
        public var isWhole: Bool { problems.isEmpty }
    }

    /// Checks the guide in `folder`. Problems are reported, not thrown: a missing or unreadable
    /// manifest is a problem of the folder. Nothing is read through a symbolic link: a link, a
    /// named pipe or a folder where the manifest lists a file is a finding, and a file whose
    /// size is not the recorded one is not hashed. Every line is one line (`singleLine`), so a
    /// name in the manifest can neither move the terminal nor forge another line.
    public static func verify(folder: URL) -> Report {
        let manifestURL = folder.appendingPathComponent("manifest.json")
        let data: Data
        do {
            // Without blocking: a named pipe at manifest.json is refused, not waited on.
            data = try InputFile.contents(of: manifestURL.path, limit: maximumManifestBytes, followingLinks: false)
        } catch {
            return Report(files: 0, problems: ["manifest.json: cannot be used in \(shown(folder.path)) (\(error.reason)); this is not a published guide"])
        }
        guard data.count <= maximumManifestBytes else {
            return Report(files: 0, problems: ["manifest.json: larger than \(maximumManifestBytes >> 20) MB, more than any guide's manifest; not read"])
        }
        let manifest: GuideManifest
        do {
            manifest = try ManifestReader.read(data)
        } catch {
            return Report(files: 0, problems: ["manifest.json: \(singleLine(error.message))"])
        }
        guard let files = manifest.files else {
            return Report(files: 0, problems: ["manifest.json: lists no files with their hashes (made by an older version); publish the guide again"])
        }
        guard files.count <= maximumFiles else {
            return Report(files: 0, problems: ["manifest.json: lists \(files.count) files, more than the \(maximumFiles) any guide has; not checked"])
        }
        let folders = checkFolders(listing: files.map(\.path), in: folder)
        var problems = folders.problems
        var sound = Set<String>()
        for file in files where !folders.unusable.contains(where: { file.path.hasPrefix($0 + "/") }) {
            let found = check(file, in: folder)
            if found.isEmpty { sound.insert(file.path) }
            problems += found
        }
        problems += durationProblems(manifest, files: files, sound: sound, in: folder)
        return Report(files: files.count, problems: problems)
    }

    /// `text` as one line of at most a few hundred characters, its control characters escaped.
    static func shown(_ text: String) -> String {
        messageLine(text)
    }

    /// The problems of one listed file. A file in one of the guide's folders (`daisy202/ncc.html`)
    /// is examined only once its folder is known to be a real folder (`checkFolders`), and is
    /// itself never read through a link.
    static func check(_ file: GuideManifest.PublishedFile, in folder: URL) -> [String] {
        let name = shown(file.path)
        guard GuideFolder.isGuideName(file.path),
            file.path.split(separator: "/").allSatisfy({ $0.utf8.count <= maximumNameBytes })
        else {
            return ["manifest.json: lists \"\(name)\", which is not a file name of the guide's folder"]
        }
        let path = folder.appendingPathComponent(file.path).path
        guard let status = FileStatus.of(path) else { return ["\(name): missing"] }
        guard status.kind == .regular else {
            let never = status.kind == .symbolicLink ? " (verify never reads through a link)" : ""
            return ["\(name): is \(status.kindInWords), not the file the manifest lists\(never)"]
        }
        guard Int(exactly: status.size) == file.byteCount else {
            // A file of another size is not the recorded one: not hashed, however large.
            return ["\(name): \(status.size) bytes, the manifest records \(file.byteCount)"]
        }
        do throws(InputFile.Failure) {
            let (opened, size) = try InputFile.openRegular(path, followingLinks: false)
            defer { opened.closeQuietly() }
            guard Int(exactly: size) == file.byteCount else {
                return ["\(name): \(size) bytes, the manifest records \(file.byteCount)"]
            }
            guard (try? SHA256Digest.of(opened)) == file.sha256 else {
                return ["\(name): its SHA-256 is not the manifest's (the file was changed or damaged)"]
            }
        } catch {
            return ["\(name): cannot be read (\(error.description))"]
        }
        // A file that is not the one recorded is reported as such; decoding it would say no more.
        guard file.durationSeconds != nil || file.loudnessLUFS != nil || file.truePeakDBTP != nil else {
            return []
        }
        var problems: [String] = []
        let measured: (duration: Double, loudness: Double, truePeak: Double)
        do {
            measured = try measure(path)
        } catch {
            return problems + ["\(name): does not decode (\(shown(ExpoError.reason(of: error))))"]
        }
        if let recorded = file.durationSeconds, abs(measured.duration - recorded) > durationTolerance {
            problems.append("\(name): decodes to \(format(measured.duration)) s, the manifest records \(format(recorded)) s")
        }
        if let recorded = file.loudnessLUFS, !(abs(measured.loudness - recorded) <= loudnessTolerance) {
            problems.append("\(name): measures \(format(measured.loudness)) LUFS, the manifest records \(format(recorded)) LUFS")
        }
        if let recorded = file.truePeakDBTP, !(abs(measured.truePeak - recorded) <= truePeakTolerance) {
            problems.append("\(name): true peak \(format(measured.truePeak)) dBTP, the manifest records \(format(recorded)) dBTP")
        }
        return problems
    }

    /// Duration, integrated loudness and true peak of an audio file, decoded: a WAV master with
    /// the Audio stage's meters (those that recorded it), an Opus or MP3 file as the encoding
    /// stage measured it.
    static func measure(_ path: String) throws -> (duration: Double, loudness: Double, truePeak: Double) {
        if path.hasSuffix(".wav") {
            let reader = try WAVReader(url: URL(fileURLWithPath: path))
            defer { reader.close() }
            var loudness = LoudnessMeter(sampleRate: reader.format.sampleRate)
            let peaks = try TruePeakMeter(sampleRate: reader.format.sampleRate, measuresLoudness: false)
            var buffer = [Int16](repeating: 0, count: 65_536)
            while true {
                let count = try buffer.withUnsafeMutableBufferPointer { try reader.read(into: $0) }
                if count == 0 { break }
                try buffer.withUnsafeBufferPointer { all in
                    let block = UnsafeBufferPointer(rebasing: all[..<count])
                    loudness.process(block)
                    try peaks.process(block)
                }
            }
            return (reader.durationSeconds, loudness.integratedLoudness, try peaks.truePeakDBTP())
        }
        let measurement = try measureEncodedFile(path)
        return (measurement.durationSeconds, measurement.integratedLoudness, measurement.truePeak)
    }

    private static func format(_ value: Double) -> String {
        String(format: "%.2f", value)
    }
}
