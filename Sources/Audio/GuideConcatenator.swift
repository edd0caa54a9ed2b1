import Foundation
import ExpoModel
import ExpoSystem

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
}

/// Writes the whole guide (`guide.wav`): the track WAVs one after another with `gapSeconds` of
/// silence between them (none before the first or after the last), and a cue point labelled
/// with the track's title where each track starts. The audio is copied inside the kernel where
/// it can be (`WAVWriter.appendAudio`), and the destination appears complete or not at all.
public struct GuideConcatenator: Sendable {
    /// Silence between two tracks.
    public var gapSeconds: Double
    /// Asked before every block; when it says yes, `concatenate` throws `ExpoError.interrupted`
    /// (a guide of many tracks takes seconds to write, and a stop must not).
    public var shouldStop: @Sendable () -> Bool = { false }

    public init(gapSeconds: Double = 2) {
        self.gapSeconds = gapSeconds
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
        for track in tracks {
            let reader = try WAVReader(url: track.url)
            defer { reader.close() }
            audioFrames += reader.frameCount
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
        let writer = try WAVWriter(url: output, sampleRate: sampleRate)
        // The cue chunks' size depends on the labels only, not on the offsets.
        let trailer = WAVWriter.cueChunks(tracks.map { CuePoint(sampleOffset: 0, label: $0.title) })
        writer.expect(frames: audioFrames + UInt64(gapFrames) * UInt64(tracks.count - 1), trailerBytes: UInt64(trailer.count))
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
        try writer.finish(cues: cues)
        return GuideLayout(
            trackStartSeconds: starts.map { Double($0) / Double(sampleRate) },
            trackStartFrames: starts,
            durationSeconds: Double(total) / Double(sampleRate),
            sampleRate: sampleRate)
    }
}
