import ExpoModel
import ExpoSystem
import Foundation

/// One track to put into the guide: its published WAV and the title its cue marker shows.
public struct GuideTrack: Sendable, Hashable {
    public var url: URL
    public var title: String

    public init(url: URL, title: String) {
        self.url = url
        self.title = title
    }
}

/// Where each track landed in the guide file.
public struct GuideLayout: Sendable, Equatable {
    /// Start of each track, in input order, in seconds from the start of the guide.
    public var trackStartSeconds: [Double]
    /// Start of each track in frames (the cue points' offsets).
    public var trackStartFrames: [UInt64]
    /// Length of the whole guide.
    public var durationSeconds: Double
    public var sampleRate: Int
    /// SHA-256 of the guide file (lowercase hex), hashed on a second thread from the bytes the
    /// file is made of while the kernel copies them (see `GuideConcatenator`); nil when that
    /// thread could not run.
    public var sha256: String?
}

/// Writes the whole guide (`guide.wav`): the track WAVs one after another with `gapSeconds` of
/// silence between them (none before the first or after the last), and a cue point labelled
/// with the track's title where each track starts. The audio is copied inside the kernel where
/// it can be (`WAVWriter.appendAudio`), and the destination appears complete or not at all.
///
/// The file's SHA-256 comes with it without reading the file back: every byte of the guide is
/// known before it is written (the header's sizes and the cue offsets follow from the tracks'
/// lengths), so a second thread hashes the header, the tracks' samples, the silences and the
/// cue chunks in file order while the first one copies — the two overlap instead of following
/// each other. A guide written other than planned (a track that changed length meanwhile)
/// gets no digest.
public struct GuideConcatenator: Sendable {
    /// Silence between two tracks.
    public var gapSeconds: Double
    /// The guide's own tags (its title), written after the cue chunks; nil for none.
    public var tags: WAVInfoTags?
    /// Asked before every block; when it says yes, `concatenate` throws `ExpoError.interrupted`
    /// (a guide of many tracks takes seconds to write, and a stop must not).
    public var shouldStop: @Sendable () -> Bool = { false }

    public init(gapSeconds: Double = 2) {
        self.gapSeconds = gapSeconds
    }

    /// The length, in seconds, of the guide `concatenate` makes of tracks of `trackFrames` frames
    /// each at `sampleRate`: their frames and a gap (rounded to whole frames) between each two.
    public func durationSeconds(trackFrames: [Int64], sampleRate: Int) -> Double {
        guard !trackFrames.isEmpty, sampleRate > 0 else { return 0 }
        let gapFrames = Int64((gapSeconds * Double(sampleRate)).rounded())
        return Double(trackFrames.reduce(0, +) + gapFrames * Int64(trackFrames.count - 1)) / Double(sampleRate)
    }

    /// Concatenates `tracks` into `output`. All tracks must be 16-bit mono WAVs of one sample rate.
    /// - Throws: `ExpoError.sampleRateMismatch` naming the odd track, `.unsupportedFormat`,
    ///   `.invalidArgument` for no tracks or a negative gap, and read/write failures.
    public func concatenate(_ tracks: [GuideTrack], to output: URL) throws -> GuideLayout {
        guard let first = tracks.first else {
            throw ExpoError.invalidAudioArgument("\(output.path): a guide needs at least one track.")
        }
        guard gapSeconds >= 0, gapSeconds.isFinite else {
            throw ExpoError.invalidAudioArgument(
                "The gap between tracks must be zero or more seconds, not \(gapSeconds).")
        }
        // Open (and so check) every track before writing anything. Readers hold only a descriptor.
        let firstReader = try WAVReader(url: first.url)
        let sampleRate = firstReader.format.sampleRate
        firstReader.close()
        var audioFrames: UInt64 = 0
        var trackFrames: [UInt64] = []
        for track in tracks {
            let reader = try WAVReader(url: track.url)
            defer { reader.close() }
            audioFrames += reader.frameCount
            trackFrames.append(reader.frameCount)
            guard reader.format.isPCM16Mono else {
                throw ExpoError.unsupportedAudioFormat(
                    file: track.url.path, found: reader.format.summary, needed: "16-bit PCM mono")
            }
            guard reader.format.sampleRate == sampleRate else {
                throw ExpoError.sampleRateMismatch(
                    file: track.url.path, expected: sampleRate, found: reader.format.sampleRate)
            }
        }

        let gapFrames = Int((gapSeconds * Double(sampleRate)).rounded())
        let plannedFrames = audioFrames + UInt64(gapFrames) * UInt64(tracks.count - 1)
        // Where each track will start, hence the cue chunks (their size depends on the labels
        // only), known before anything is written.
        var plannedStarts: [UInt64] = []
        var next: UInt64 = 0
        for (index, frames) in trackFrames.enumerated() {
            if index > 0 { next += UInt64(gapFrames) }
            plannedStarts.append(next)
            next += frames
        }
        let plannedCues = zip(plannedStarts, tracks).map { CuePoint(sampleOffset: UInt32(truncatingIfNeeded: $0), label: $1.title) }
        let trailer = WAVWriter.trailer(cues: plannedCues, tags: tags)
        let writer = try WAVWriter(url: output, sampleRate: sampleRate)
        writer.expect(frames: plannedFrames, trailerBytes: UInt64(trailer.count))
        let digest = PlannedDigest()
        let hashing =
            plannedFrames <= UInt64(UInt32.max)
            ? BackgroundWork { [shouldStop] in
                digest.value = try Self.sha256(
                    of: tracks, header: WAVWriter.header(sampleRate: sampleRate, frames: plannedFrames, trailerBytes: UInt64(trailer.count)),
                    gapFrames: gapFrames, trailer: trailer, shouldStop: shouldStop)
            } : nil
        defer { hashing?.waitQuietly() }
        var cues: [CuePoint] = []
        var starts: [UInt64] = []
        for (index, track) in tracks.enumerated() {
            if index > 0 { try writer.appendSilence(frames: gapFrames) }
            let start = writer.framesWritten
            guard start <= UInt64(UInt32.max) else {
                throw ExpoError.audioTooLarge(file: output.path, limitBytes: WAVWriter.maximumFileBytes)
            }
            starts.append(start)
            cues.append(CuePoint(sampleOffset: UInt32(start), label: track.title))
            let reader = try WAVReader(url: track.url)
            defer { reader.close() }
            try writer.appendAudio(of: reader, shouldStop: shouldStop)
        }
        let total = writer.framesWritten
        try writer.finish(cues: cues, tags: tags)
        // The digest is the file's only if the file came out as planned.
        let asPlanned = total == plannedFrames && cues == plannedCues
        return GuideLayout(
            trackStartSeconds: starts.map { Double($0) / Double(sampleRate) },
            trackStartFrames: starts,
            durationSeconds: Double(total) / Double(sampleRate),
            sampleRate: sampleRate,
            sha256: asPlanned && (try? hashing?.wait()) != nil ? digest.value : nil)
    }

    /// SHA-256 of the guide that `header`, the samples of `tracks` with `gapFrames` of silence
    /// between them, and `trailer` make, in that order, reading the tracks block by block.
    private static func sha256(
        of tracks: [GuideTrack], header: [UInt8], gapFrames: Int, trailer: [UInt8],
        shouldStop: () -> Bool
    ) throws -> String {
        var hasher = SHA256Digest()
        header.withUnsafeBytes { hasher.update($0) }
        let block = UnsafeMutableBufferPointer<Int16>.allocate(capacity: 1 << 16)  // 128 KB: the run is near its peak memory here
        defer { block.deallocate() }
        for (index, track) in tracks.enumerated() {
            if index > 0 {
                block.initialize(repeating: 0)
                var left = gapFrames
                while left > 0 {
                    let count = min(left, block.count)
                    hasher.update(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: block[0..<count])))
                    left -= count
                }
            }
            let reader = try WAVReader(url: track.url)
            defer { reader.close() }
            while true {
                if shouldStop() { throw ExpoError.interrupted }
                let count = try reader.read(into: block)
                if count == 0 { break }
                #if !_endian(little)
                    for sample in 0..<count { block[sample] = block[sample].littleEndian }
                #endif
                hasher.update(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: block[0..<count])))
            }
        }
        trailer.withUnsafeBytes { hasher.update($0) }
        return hasher.hexDigest()
    }
}

/// The digest the hashing thread leaves for `concatenate`, read after waiting for it.
private final class PlannedDigest: @unchecked Sendable {
    // @unchecked Sendable: written by the hashing thread before it ends, read after `wait`.
    var value: String?
}
