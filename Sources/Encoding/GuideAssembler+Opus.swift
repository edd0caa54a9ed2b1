import ExpoModel

extension GuideAssembler {
    /// Writes the guide as one Ogg Opus file at `path` by remuxing the tracks' packets into ONE
    /// logical stream: a new serial number, OpusHead of the first track (its pre-skip only),
    /// new OpusTags with `metadata` and CHAPTERnnn comments, granule positions recomputed, and
    /// silent packets between tracks. Later tracks' pre-skip (their encoder's priming, which lies
    /// in their 300 ms of head silence) is played, and chapter times account for it.
    /// - Parameter settings: the tracks' settings, used to encode the silent gap packets.
    /// - Parameter cueSeconds: guide.wav's cue points (`GuideLayout.trackStartSeconds`), if the
    ///   caller has them; by default they are computed from the tracks' frame counts and the gap.
    /// - Returns: the file written, its chapters and guide.wav's cue points for comparison.
    public static func opus(
        tracks: [EncodedTrackFile], gapSeconds: Double = 2, metadata: TrackMetadata = TrackMetadata(),
        cueSeconds: [Double]? = nil, settings: OpusSettings = OpusSettings(),
        shouldStop: () -> Bool = { false }, to path: String
    ) throws(ExpoError) -> GuideAssembly {
        try validate(tracks, gapSeconds: gapSeconds, path: path)
        let cues = try cues(cueSeconds, tracks: tracks, gapSeconds: gapSeconds, path: path)
        let silence = try silentPackets(settings: settings, sourceRate: tracks[0].sourceSampleRate, nextTo: path)
        let plan = try OpusGuidePlan(
            tracks: tracks, cues: cues, gapPacketSamples: silence.samples,
            shouldStop: shouldStop, path: path)
        let output = try OutputFile(path: path)
        var writer = OggPageWriter(output: output, serial: plan.serial)
        try writer.writeHeaders(
            head: plan.head,
            tags: VorbisComments.opusTagsPacket(
                vendor: plan.vendor, fields: VorbisComments.fields(metadata, chapters: plan.chapters)))
        for (index, track) in tracks.enumerated() {
            if shouldStop() { throw .interrupted }
            for count in 0..<plan.gapPackets[index] { try writer.append(silence.packets[count % silence.packets.count]) }
            var packets = try OggOpusPacketReader(pages: OggPageReader(path: track.path))
            while let packet = try packets.next() { try writer.append(packet) }
        }
        try writer.finish(finalGranule: plan.finalGranule)
        try output.commit()
        // Described from what was written, not read back: the guide of a large catalog is
        // tens of megabytes, and its packets would all be held at once.
        let audio = max(0, plan.finalGranule - Int64(plan.preSkip))
        let file = EncodedFileInfo(
            path: path, format: .opus, bytes: output.length, durationSeconds: Double(audio) / 48_000,
            codecSampleRate: 48_000, encoderDelay: plan.preSkip, padding: Int(writer.samples - plan.finalGranule),
            audioSamples: audio, frameCount: writer.packets, samplesPerFrame: plan.firstPacketSamples)
        return GuideAssembly(file: file, chapters: plan.chapters, wavCueSeconds: cues)
    }

    /// Packets of digital silence from libopus with `settings` at the tracks' codec rate (taken
    /// from the middle of 3 s of silence, where the encoder has settled), and their duration each.
    static func silentPackets(settings: OpusSettings, sourceRate: Int, nextTo path: String) throws(ExpoError)
        -> (packets: [[UInt8]], samples: Int)
    {
        let encoder = try OpusCodec.Encoder(
            sampleRate: settings.codecRate(forInput: sourceRate), bitrate: settings.bitrate,
            complexity: settings.complexity, voice: settings.voice, file: path)
        let zeros = [Float](repeating: 0, count: encoder.frameSamples)
        var middle: [[UInt8]] = []
        for index in 0..<100 {
            let packet = try zeros.withUnsafeBufferPointer { (all) throws(ExpoError) in try encoder.encode(all, file: path) }
            if index >= 50 { middle.append(Array(packet)) }
        }
        guard let samples = OpusPacket.samples48k(middle[0]), middle.allSatisfy({ OpusPacket.samples48k($0) == samples }) else {
            throw .malformed(file: path, reason: "silent packets of unequal durations")
        }
        return (middle, samples)
    }
}

/// Where everything goes in an Opus guide, from the tracks' headers, before writing.
struct OpusGuidePlan {
    var head: [UInt8]
    var vendor: String
    var serial: UInt32
    var gapPackets: [Int] = []
    var chapters: [ChapterMark] = []
    var finalGranule: Int64 = 0
    /// The first track's pre-skip, which is the guide's.
    var preSkip = 0
    /// Duration of the guide's first packet at 48 kHz.
    var firstPacketSamples = 960

    /// Reads every track's stream, a page at a time; `shouldStop` is asked before each
    /// (`ExpoError.interrupted`).
    init(
        tracks: [EncodedTrackFile], cues: [Double], gapPacketSamples: Int, shouldStop: () -> Bool,
        path: String
    ) throws(ExpoError) {
        var position: Int64 = 0
        var first: (head: [UInt8], tags: [UInt8])?
        for (index, track) in tracks.enumerated() {
            if shouldStop() { throw .interrupted }
            var stream = try OggOpusPacketReader(pages: OggPageReader(path: track.path))
            if let first, first.head[9] != stream.head[9] || first.head[18] != stream.head[18] || first.head[8] != stream.head[8] {
                throw .incompatibleTracks(file: track.path, reason: "a different Opus version, channel count or mapping than the first track")
            }
            var packetSamples: Int64 = 0
            while let packet = try stream.next() {
                let samples = OpusPacket.samples48k(packet)!
                if first == nil && packetSamples == 0 { firstPacketSamples = samples }
                packetSamples += Int64(samples)
            }
            if first == nil {
                first = (stream.head, stream.tags)
                preSkip = stream.preSkip
            }
            let gap =
                index == 0
                ? 0
                : GuideAssembler.gapFrames(
                    target: Double(preSkip) + cues[index] * 48_000, position: position,
                    priming: stream.preSkip, frameSamples: gapPacketSamples)
            position += Int64(gap * gapPacketSamples)
            chapters.append(ChapterMark(title: track.title, startSeconds: Double(position + Int64(stream.preSkip - preSkip)) / 48_000))
            gapPackets.append(gap)
            finalGranule = position + stream.lastGranule
            position += packetSamples
        }
        head = first!.head
        vendor = Self.vendor(of: first!.tags)
        // Deterministic (same tracks, same file) and different from the tracks' own serials.
        serial =
            Ogg.crc32(
                ArraySlice(tracks.map { "\($0.title)|\($0.sourceFrames)" }.joined(separator: "\n").utf8),
                seed: 0x6775_6964) | 1
    }

    private static func vendor(of tags: [UInt8]) -> String {
        guard tags.count >= 12 else { return "" }
        let length = Int(readLE32(tags, 8))
        guard 12 + length <= tags.count else { return "" }
        return String(decoding: tags[12..<(12 + length)], as: UTF8.self)
    }
}

/// Writes one logical Ogg stream: headers on pages of their own, then audio packets gathered
/// into pages of about one second (50 packets of 20 ms), each page's granule position being the
/// samples of all packets ending on it or before; the last page carries the end-trimmed granule.
struct OggPageWriter {
    let output: OutputFile
    let serial: UInt32
    private var sequence: UInt32 = 0
    private var pending: [[UInt8]] = []
    /// Samples of every packet appended so far, at 48 kHz.
    private(set) var samples: Int64 = 0
    /// Audio packets appended so far.
    private(set) var packets = 0

    init(output: OutputFile, serial: UInt32) {
        self.output = output
        self.serial = serial
    }

    mutating func writeHeaders(head: [UInt8], tags: [UInt8]) throws(ExpoError) {
        try emit([head], granule: 0, type: Ogg.beginOfStream)
        try emit([tags], granule: 0, type: 0)
    }

    mutating func append(_ packet: [UInt8]) throws(ExpoError) {
        let lacing = pending.reduce(0) { $0 + $1.count / 255 + 1 } + packet.count / 255 + 1
        if pending.count >= 50 || lacing > 255 {
            try emit(pending, granule: samples, type: 0)
            pending = []
        }
        pending.append(packet)
        packets += 1
        samples += Int64(OpusPacket.samples48k(packet) ?? 0)
    }

    mutating func finish(finalGranule: Int64) throws(ExpoError) {
        try emit(pending, granule: min(finalGranule, samples), type: Ogg.endOfStream)
        pending = []
    }

    private mutating func emit(_ packets: [[UInt8]], granule: Int64, type: UInt8) throws(ExpoError) {
        let page = Ogg.Page(
            headerType: type, granule: granule, serial: serial, sequence: sequence,
            lacing: packets.flatMap { Ogg.lacing(forPacketOfLength: $0.count) },
            body: ArraySlice(packets.joined()))
        try output.write(Ogg.pageBytes(page))
        sequence += 1
    }
}
