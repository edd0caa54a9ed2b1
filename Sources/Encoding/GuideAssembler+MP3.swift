import ExpoModel

extension GuideAssembler {
    /// Writes the guide as one MP3 at `path`: a new ID3v2.4 tag (metadata, a CHAP per track and a
    /// CTOC), a new LAME info frame for the whole stream, then each track's frames as encoded,
    /// with silent frames between tracks. Tracks must come from `MP3FileEncoder` with the same
    /// rate and mode; each track's first frame must not use the bit reservoir (checked), so no
    /// frame refers to bytes of another track.
    /// - Parameter cueSeconds: guide.wav's cue points (`GuideLayout.trackStartSeconds`), if the
    ///   caller has them; by default they are computed from the tracks' frame counts and the gap.
    /// - Returns: the file written, its chapters and guide.wav's cue points for comparison.
    public static func mp3(
        tracks: [EncodedTrackFile], gapSeconds: Double = 2, metadata: TrackMetadata = TrackMetadata(),
        cueSeconds: [Double]? = nil, shouldStop: () -> Bool = { false },
        to path: String
    ) throws(ExpoError) -> GuideAssembly {
        try validate(tracks, gapSeconds: gapSeconds, path: path)
        let cues = try cues(cueSeconds, tracks: tracks, gapSeconds: gapSeconds, path: path)
        let plan = try MP3GuidePlan(tracks: tracks, cues: cues, shouldStop: shouldStop, path: path)
        let output = try OutputFile(path: path)
        let durationMs = ID3v2.milliseconds(Double(plan.audioSamples) / Double(plan.sampleRate))
        try output.write(try ID3v2.tag(metadata, chapters: plan.chapters, durationMs: durationMs))
        let infoStart = output.length
        var tag = plan.template
        try output.write(tag.frame)
        var frameStarts: [Int] = [0]
        var crc: UInt16 = 0
        for (index, track) in tracks.enumerated() {
            if shouldStop() { throw .interrupted }
            let silence = [UInt8](Array(repeating: plan.silentFrame, count: plan.gapFrames[index]).joined())
            let bytes = try readWholeFile(track.path)
            let layout = try MP3FileLayout(bytes: bytes, file: track.path)
            for _ in 0..<plan.gapFrames[index] { frameStarts.append(frameStarts.last! + plan.silentFrame.count) }
            for frame in layout.frames { frameStarts.append(frameStarts.last! + frame.count) }
            let audio = layout.frames.first!.lowerBound..<layout.frames.last!.upperBound
            crc = LAMETag.crc16(silence[...], seed: crc)
            crc = LAMETag.crc16(bytes[audio], seed: crc)
            try output.write(silence)
            try output.write(bytes[audio])
        }
        let totalBytes = Int(output.length - infoStart)
        tag.update(
            frames: frameStarts.count - 1, bytes: totalBytes,
            toc: LAMETag.seekTable(frameStarts: Array(frameStarts.dropLast()), totalBytes: totalBytes),
            delay: plan.firstDelay, padding: plan.lastPadding, musicLength: totalBytes, musicCRC: crc)
        try output.overwrite(tag.frame, at: infoStart)
        try output.commit()
        // Described from what was written, not read back whole (see the Opus guide).
        let frames = frameStarts.count - 1
        let info = EncodedFileInfo(
            path: path, format: .mp3, bytes: output.length,
            durationSeconds: Double(plan.audioSamples) / Double(plan.sampleRate), codecSampleRate: plan.sampleRate,
            encoderDelay: plan.firstDelay, padding: plan.lastPadding, audioSamples: plan.audioSamples,
            frameCount: frames, samplesPerFrame: plan.samplesPerFrame)
        return GuideAssembly(file: info, chapters: plan.chapters, wavCueSeconds: cues)
    }
}

/// Where everything goes in an MP3 guide, worked out from the tracks' info frames before writing.
struct MP3GuidePlan {
    var template: LAMETag
    var sampleRate: Int
    /// Samples per frame (1152 or 576).
    var samplesPerFrame = 1152
    var silentFrame: [UInt8]
    /// Silent frames before each track (0 before the first).
    var gapFrames: [Int] = []
    var chapters: [ChapterMark] = []
    var firstDelay: Int
    var lastPadding = 0
    /// Decoded samples of the whole guide (priming and padding trimmed).
    var audioSamples: Int64 = 0

    /// Reads every track's layout; `shouldStop` is asked before each (`ExpoError.interrupted`).
    init(tracks: [EncodedTrackFile], cues: [Double], shouldStop: () -> Bool, path: String) throws(ExpoError) {
        var position: Int64 = 0
        var first: (header: MP3FrameHeader, tag: LAMETag)?
        for (index, track) in tracks.enumerated() {
            if shouldStop() { throw .interrupted }
            let bytes = try readWholeFile(track.path)
            let layout = try MP3FileLayout(bytes: bytes, file: track.path)
            guard let info = layout.infoFrame, let tag = LAMETag(frame: Array(bytes[info]), header: layout.header) else {
                throw .malformed(file: track.path, reason: "no LAME info frame, so its encoder delay is unknown")
            }
            guard layout.header.mainDataBegin(bytes, frameOffset: layout.frames[0].lowerBound) == 0 else {
                throw .incompatibleTracks(file: track.path, reason: "its first frame uses the bit reservoir of earlier data")
            }
            if let first,
                first.header.sampleRate != layout.header.sampleRate || first.header.isMono != layout.header.isMono
                    || first.header.versionBits != layout.header.versionBits || first.tag.isCBR != tag.isCBR
            {
                throw .incompatibleTracks(file: track.path, reason: "a different MPEG version, rate, channel mode or rate control than the first track")
            }
            if first == nil { first = (layout.header, tag) }
            let spf = layout.header.samplesPerFrame
            let gap =
                index == 0
                ? 0
                : GuideAssembler.gapFrames(
                    target: Double(first!.tag.delay) + cues[index] * Double(layout.header.sampleRate),
                    position: position, priming: tag.delay, frameSamples: spf)
            position += Int64(gap * spf)
            chapters.append(
                ChapterMark(
                    title: track.title,
                    startSeconds: Double(position + Int64(tag.delay - first!.tag.delay)) / Double(layout.header.sampleRate)))
            gapFrames.append(gap)
            position += Int64(layout.frames.count * spf)
            lastPadding = tag.padding
        }
        template = first!.tag
        sampleRate = first!.header.sampleRate
        samplesPerFrame = first!.header.samplesPerFrame
        firstDelay = template.delay
        audioSamples = position - Int64(firstDelay + lastPadding)
        let firstBytes = Array(template.frame.prefix(4))
        let bitrateIndex = template.isCBR ? try Self.audioBitrateIndex(tracks[0].path) : 1
        silentFrame = MP3FrameHeader.silentFrame(templateBytes: firstBytes, bitrateIndex: bitrateIndex)
    }

    private static func audioBitrateIndex(_ path: String) throws(ExpoError) -> Int {
        let bytes = try readWholeFile(path)
        let layout = try MP3FileLayout(bytes: bytes, file: path)
        return MP3FrameHeader(bytes, at: layout.frames[0].lowerBound)!.bitrateIndex
    }
}
