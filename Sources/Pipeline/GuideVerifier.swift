import Audio
import Encoding
import Export
import ExpoSystem
import Foundation

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

    /// What was checked and what is wrong.
    public struct Report: Sendable, Equatable {
        /// The files the manifest lists.
        public var files: Int
        /// One line per problem, each naming its file: empty when the guide is whole.
        public var problems: [String]
        public var isWhole: Bool { problems.isEmpty }
    }

    /// Checks the guide in `folder`. Problems are reported, not thrown: a missing or unreadable
    /// manifest is a problem of the folder.
    public static func verify(folder: URL) -> Report {
        let manifestURL = folder.appendingPathComponent("manifest.json")
        let data: Data
        do {
            // Without blocking: a named pipe at manifest.json is refused, not waited on.
            data = try InputFile.contents(of: manifestURL.path, limit: 256 << 20)
        } catch {
            return Report(files: 0, problems: ["manifest.json: missing or unreadable in \(folder.path) (\(error.reason)); this is not a published guide"])
        }
        let manifest: GuideManifest
        do {
            manifest = try ManifestReader.read(data)
        } catch {
            return Report(files: 0, problems: ["manifest.json: \(error.message)"])
        }
        guard let files = manifest.files else {
            return Report(files: 0, problems: ["manifest.json: lists no files with their hashes (made by an older version); publish the guide again"])
        }
        var problems: [String] = []
        var sound = Set<String>()
        for file in files {
            let found = check(file, in: folder)
            if found.isEmpty { sound.insert(file.path) }
            problems += found
        }
        problems += durationProblems(manifest, files: files, sound: sound, in: folder)
        return Report(files: files.count, problems: problems)
    }

    /// The problems of one listed file.
    static func check(_ file: GuideManifest.PublishedFile, in folder: URL) -> [String] {
        let name = file.path
        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
            return ["manifest.json: lists \"\(name)\", which is not a file name of the guide's folder"]
        }
        let path = folder.appendingPathComponent(name).path
        guard let status = FileStatus.of(path, followingLinks: true), status.kind == .regular else {
            return ["\(name): missing"]
        }
        var problems: [String] = []
        if Int(status.size) != file.byteCount {
            problems.append("\(name): \(status.size) bytes, the manifest records \(file.byteCount)")
        }
        do {
            let digest = try SHA256Digest.ofFile(path)
            if digest != file.sha256 {
                problems.append("\(name): its SHA-256 is not the manifest's (the file was changed or damaged)")
            }
        } catch {
            return problems + ["\(name): cannot be read (\(error))"]
        }
        // A file that is not the one recorded is reported as such; decoding it would say no more.
        guard problems.isEmpty, file.durationSeconds != nil || file.loudnessLUFS != nil || file.truePeakDBTP != nil else {
            return problems
        }
        let measured: (duration: Double, loudness: Double, truePeak: Double)
        do {
            measured = try measure(path)
        } catch {
            return problems + ["\(name): does not decode (\(error))"]
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
