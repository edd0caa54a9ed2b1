import ExpoModel
import ExpoSystem
import Foundation
import KoreanPronunciation
import Normalization

/// How the guide sounds: which espeak-ng voice, how fast, how loud, how long the pauses.
/// Profiles are JSON files in Voices/ that users may edit.
public struct VoiceProfile: Sendable, Equatable, Codable {
    /// The profile's name: its file name without `.json`.
    public var name: String
    /// Who the profile is for, shown by `expo-narrate voices`.
    public var purpose: String
    /// espeak-ng voice for the guide's language (Korean): "ko".
    public var espeakVoice: String
    /// espeak-ng voices for names in other languages, by language tag ("fr": "fr").
    public var foreignVoices: [String: String]
    /// Words per minute (espeak-ng: 80–450).
    public var rate: Int
    /// Base pitch (espeak-ng: 0–100).
    public var pitch: Int
    /// Volume (espeak-ng: 0–200; 100 is normal).
    public var volume: Int
    /// Extra pause between words, in units of 10 ms (0–100).
    public var wordGap: Int
    /// Pause after a sentence, in milliseconds.
    public var sentencePauseMs: Int
    /// Pause after a paragraph or heading, in milliseconds.
    public var paragraphPauseMs: Int
    /// Silence between tracks in guide.wav, in milliseconds.
    public var trackPauseMs: Int
    /// Silence at the start and end of every track's WAV, in milliseconds.
    public var headSilenceMs: Int
    public var tailSilenceMs: Int
    /// Integrated loudness every track is normalised to (ITU-R BS.1770-4), in LUFS.
    public var targetLoudnessLUFS: Double
    /// The highest sample allowed, in dBFS.
    public var peakCeilingDBFS: Double
    /// The highest true peak allowed (ITU-R BS.1770-4 Annex 2, 4× oversampled), in dBTP. Below
    /// the sample ceiling so that Opus and MP3 encodings of the track stay under −1 dBTP. Optional
    /// in a profile's JSON: `defaultTruePeakCeilingDBTP` when absent.
    public var truePeakCeilingDBTP: Double

    /// The true-peak ceiling of a profile that does not set one, dBTP.
    public static let defaultTruePeakCeilingDBTP = -2.5

    /// The keys a profile file may have.
    public static let settingNames = [
        "name", "purpose", "espeakVoice", "foreignVoices", "rate", "pitch", "volume", "wordGap", "sentencePauseMs",
        "paragraphPauseMs", "trackPauseMs", "headSilenceMs", "tailSilenceMs", "targetLoudnessLUFS", "peakCeilingDBFS",
        "truePeakCeilingDBTP",
    ]

    public init(
        name: String, purpose: String, espeakVoice: String, foreignVoices: [String: String], rate: Int,
        pitch: Int, volume: Int, wordGap: Int, sentencePauseMs: Int, paragraphPauseMs: Int, trackPauseMs: Int,
        headSilenceMs: Int, tailSilenceMs: Int, targetLoudnessLUFS: Double, peakCeilingDBFS: Double,
        truePeakCeilingDBTP: Double = VoiceProfile.defaultTruePeakCeilingDBTP
    ) {
        self.name = name
        self.purpose = purpose
        self.espeakVoice = espeakVoice
        self.foreignVoices = foreignVoices
        self.rate = rate
        self.pitch = pitch
        self.volume = volume
        self.wordGap = wordGap
        self.sentencePauseMs = sentencePauseMs
        self.paragraphPauseMs = paragraphPauseMs
        self.trackPauseMs = trackPauseMs
        self.headSilenceMs = headSilenceMs
        self.tailSilenceMs = tailSilenceMs
        self.targetLoudnessLUFS = targetLoudnessLUFS
        self.peakCeilingDBFS = peakCeilingDBFS
        self.truePeakCeilingDBTP = truePeakCeilingDBTP
    }

    /// Decodes a profile; every field is required except `truePeakCeilingDBTP` (added later:
    /// older profiles get `defaultTruePeakCeilingDBTP`).
    public init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try values.decode(String.self, forKey: .name),
            purpose: try values.decode(String.self, forKey: .purpose),
            espeakVoice: try values.decode(String.self, forKey: .espeakVoice),
            foreignVoices: try values.decode([String: String].self, forKey: .foreignVoices),
            rate: try values.decode(Int.self, forKey: .rate),
            pitch: try values.decode(Int.self, forKey: .pitch),
            volume: try values.decode(Int.self, forKey: .volume),
            wordGap: try values.decode(Int.self, forKey: .wordGap),
            sentencePauseMs: try values.decode(Int.self, forKey: .sentencePauseMs),
            paragraphPauseMs: try values.decode(Int.self, forKey: .paragraphPauseMs),
            trackPauseMs: try values.decode(Int.self, forKey: .trackPauseMs),
            headSilenceMs: try values.decode(Int.self, forKey: .headSilenceMs),
            tailSilenceMs: try values.decode(Int.self, forKey: .tailSilenceMs),
            targetLoudnessLUFS: try values.decode(Double.self, forKey: .targetLoudnessLUFS),
            peakCeilingDBFS: try values.decode(Double.self, forKey: .peakCeilingDBFS),
            truePeakCeilingDBTP: try values.decodeIfPresent(Double.self, forKey: .truePeakCeilingDBTP)
                ?? Self.defaultTruePeakCeilingDBTP)
    }

    /// A profile for tools that only build text (no pauses, standard Korean voice).
    public static let plainText = VoiceProfile(
        name: "plain", purpose: "", espeakVoice: "ko", foreignVoices: [:], rate: 160, pitch: 50, volume: 100,
        wordGap: 0, sentencePauseMs: 0, paragraphPauseMs: 0, trackPauseMs: 0, headSilenceMs: 0, tailSilenceMs: 0,
        targetLoudnessLUFS: -19, peakCeilingDBFS: -1)

    /// Checks every value's range; the error names the field and the allowed range.
    public func validate(file: String) throws {
        func check(_ field: String, _ value: Double, _ range: ClosedRange<Double>) throws {
            guard CheckedNumber.isWithin(value, range) else {
                throw ExpoError.voiceProfileOutOfRange(file: file, field: field, value: value, range: range)
            }
        }
        guard !espeakVoice.isEmpty else {
            throw ExpoError.invalidVoiceProfile(file: file, reason: "\"espeakVoice\" is empty; use \"ko\"")
        }
        try check("rate", Double(rate), 80...450)
        try check("pitch", Double(pitch), 0...100)
        try check("volume", Double(volume), 1...200)
        try check("wordGap", Double(wordGap), 0...100)
        try check("sentencePauseMs", Double(sentencePauseMs), 0...10_000)
        try check("paragraphPauseMs", Double(paragraphPauseMs), 0...10_000)
        try check("trackPauseMs", Double(trackPauseMs), 0...30_000)
        try check("headSilenceMs", Double(headSilenceMs), 0...10_000)
        try check("tailSilenceMs", Double(tailSilenceMs), 0...10_000)
        try check("targetLoudnessLUFS", targetLoudnessLUFS, -40...(-6))
        try check("peakCeilingDBFS", peakCeilingDBFS, -20...0)
        try check("truePeakCeilingDBTP", truePeakCeilingDBTP, -20...0)
    }
}

extension ExpoError {
    /// There is no profile of that name.
    public static func unknownVoiceProfile(name: String, available: [String], folder: String) -> ExpoError {
        ExpoError(
            .usage, "There is no voice profile \"\(name)\" in \(folder). Available: \(available.joined(separator: ", "))",
            subject: .voiceProfile)
    }

    /// A profile file is malformed.
    public static func invalidVoiceProfile(file: String, reason: String) -> ExpoError {
        ExpoError(.usage, "\(file): \(reason)", advice: "Fix the profile, or choose another.", subject: .voiceProfile)
    }

    /// A profile's value is out of its range.
    public static func voiceProfileOutOfRange(file: String, field: String, value: Double, range: ClosedRange<Double>) -> ExpoError {
        let format = CheckedNumber.text
        return ExpoError(
            .usage, "\(file): \"\(field)\" is \(format(value)); it must be from \(format(range.lowerBound)) to \(format(range.upperBound))",
            advice: "Fix the profile.", subject: .voiceProfile)
    }

    /// No Voices folder was found: `explicit` when the caller named one that is not there (a
    /// usage error), else none of the places searched has one (an installation problem).
    public static func voicesFolderMissing(searched: [String], explicit: Bool = false) -> ExpoError {
        let message = "The Voices folder was not found (looked in \(searched.joined(separator: ", ")))"
        if explicit { return ExpoError(.usage, message, subject: .voicesFolder) }
        return ExpoError(
            .installation, "The installation is incomplete: " + message.prefix(1).lowercased() + message.dropFirst(),
            advice:
                "Install expo-narrate with its resources (scripts/install.sh, or the Debian package from scripts/build-deb.sh), or set \(ResourceLocations.environmentVariable) to the folder that holds DefaultCatalog/ and Voices/ (or EXPO_NARRATE_VOICES to the Voices folder itself).",
            subject: .voicesFolder)
    }

    /// Whether this is a missing-Voices-folder error.
    public var isVoicesFolderMissing: Bool { subject == .voicesFolder && (category == .installation || category == .usage) }
}

/// The folder of voice profiles and the pronunciation lexicon.
public struct VoiceLibrary: Sendable {
    /// The Voices folder.
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// Finds the Voices folder: `explicit` if given (it must exist), else the first folder of
    /// `searchPaths` that holds standard.json.
    public static func locate(explicit: URL? = nil, executable: URL? = nil) throws -> VoiceLibrary {
        if let explicit {
            guard isDirectory(explicit) else { throw ExpoError.voicesFolderMissing(searched: [explicit.path], explicit: true) }
            return VoiceLibrary(folder: explicit)
        }
        let candidates = searchPaths(executable: executable)
        for candidate in candidates
        where isDirectory(candidate)
            && FileManager.default.fileExists(atPath: candidate.appendingPathComponent("standard.json").path)
        {
            return VoiceLibrary(folder: candidate.standardizedFileURL)
        }
        throw ExpoError.voicesFolderMissing(searched: candidates.map(\.path))
    }

    /// Where a Voices folder may be, in search order, each once: $EXPO_NARRATE_VOICES (the
    /// folder itself), Voices/ in the installation folders (`ResourceLocations`:
    /// $EXPO_NARRATE_DATA, beside the binary, ../share/expo-narrate), ./Voices, then Voices/ in
    /// the five folders above the binary's (a source checkout, so a built binary finds the
    /// project's).
    static func searchPaths(executable: URL?) -> [URL] {
        var candidates: [URL] = []
        if let environment = ProcessInfo.processInfo.environment["EXPO_NARRATE_VOICES"], !environment.isEmpty {
            candidates.append(URL(fileURLWithPath: environment))
        }
        candidates += ResourceLocations.installationFolders(executable: executable).map { $0.appendingPathComponent("Voices") }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Voices"))
        var directory = ResourceLocations.resolvedExecutable(executable).deletingLastPathComponent()
        for _ in 0..<5 {
            directory = directory.deletingLastPathComponent()
            candidates.append(directory.appendingPathComponent("Voices"))
        }
        return ResourceLocations.unique(candidates).map(\.standardizedFileURL)
    }

    /// The names of the profiles in the folder, sorted.
    public func profileNames() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Loads and validates the profile `name`.
    public func profile(named name: String) throws -> VoiceProfile {
        let safe = !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
        let file = folder.appendingPathComponent(name + ".json")
        guard safe, FileManager.default.fileExists(atPath: file.path) else {
            throw ExpoError.unknownVoiceProfile(name: name, available: profileNames(), folder: folder.path)
        }
        let data: Data
        do { data = try InputFile.contents(of: file.path, limit: CuratedText.maximumBytes) } catch {
            throw ExpoError.invalidVoiceProfile(file: file.path, reason: "\(error.description); \(error.fix)")
        }
        guard data.count <= CuratedText.maximumBytes else {
            throw ExpoError.invalidVoiceProfile(
                file: file.path, reason: "the file is larger than \(CuratedText.maximumBytes >> 20) MB, the most a profile may be")
        }
        // Strict first: JSONDecoder accepts some of what RFC 8259 refuses and places the rest
        // "around character N"; this names line, column and JSON path.
        var strict = StrictJSON()
        do {
            try strict.check(data)
        } catch {
            throw ExpoError.invalidVoiceProfile(file: "\(file.path):\(error.location)", reason: "\(error.path): not valid JSON: \(error.reason)")
        }
        var profile: VoiceProfile
        do {
            profile = try JSONDecoder().decode(VoiceProfile.self, from: data)
        } catch let DecodingError.keyNotFound(key, _) {
            throw ExpoError.invalidVoiceProfile(file: file.path, reason: "the field \"\(key.stringValue)\" is missing")
        } catch let DecodingError.typeMismatch(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw ExpoError.invalidVoiceProfile(file: file.path, reason: "\"\(path)\" has the wrong type")
        } catch let DecodingError.valueNotFound(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw ExpoError.invalidVoiceProfile(file: file.path, reason: "\"\(path)\" is null")
        } catch let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty {
            // A number no Double or Int holds (1e400, 1e19 for a whole number): the field, not "not JSON".
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw ExpoError.invalidVoiceProfile(file: file.path, reason: "\"\(path)\" is a number too large or too small to use")
        } catch {
            if let (field, literal) = Self.unusableNumber(in: String(decoding: data, as: UTF8.self)) {
                throw ExpoError.invalidVoiceProfile(
                    file: file.path, reason: "\"\(field)\" is \(excerpt(literal, limit: 24)), a number too large or too small to use")
            }
            throw ExpoError.invalidVoiceProfile(file: file.path, reason: "not valid JSON (\(ExpoError.reason(of: error)))")
        }
        // A setting the profile does not have (a misspelt optional one) is not ignored silently.
        if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
            let known = Set(VoiceProfile.settingNames)
            if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
                let text = String(decoding: data, as: UTF8.self)
                let before = text.range(of: "\"\(unknown)\"").map { text[..<$0.lowerBound] } ?? ""
                let line = CuratedText.lines(String(before)).count
                throw ExpoError.invalidVoiceProfile(
                    file: "\(file.path):\(line)",
                    reason: "\"\(excerpt(unknown))\" is not a profile setting; "
                        + (VoiceProfile.settingNames.first { $0.lowercased() == unknown.lowercased() }.map { "did you mean \"\($0)\"?" }
                            ?? "the settings are \(VoiceProfile.settingNames.joined(separator: ", "))"))
            }
        }
        guard profile.name == name else {
            throw ExpoError.invalidVoiceProfile(file: file.path, reason: "its \"name\" is \"\(profile.name)\" but the file is \(name).json; make them match")
        }
        try profile.validate(file: file.path)
        // A foreign voice espeak-ng does not have would be read by another voice, silently.
        for (language, voice) in profile.foreignVoices.sorted(by: { $0.key < $1.key }) where EspeakSynthesizer.hasVoice(voice) == false {
            throw ExpoError.invalidVoiceProfile(
                file: file.path,
                reason:
                    "\"foreignVoices\" gives \"\(excerpt(language))\" the voice \"\(excerpt(voice))\", which espeak-ng does not have; use one 'espeak-ng --voices' lists (e.g. \"en-us\")"
            )
        }
        profile.name = name
        return profile
    }

    /// The first setting of `text` whose number no Double (or, for a whole-number setting, no
    /// Int) holds, with that number as written: the JSON reader refuses such a number without
    /// naming where it is.
    static func unusableNumber(in text: String) -> (field: String, literal: String)? {
        let decimals: Set = ["targetLoudnessLUFS", "peakCeilingDBFS", "truePeakCeilingDBTP"]
        for field in VoiceProfile.settingNames {
            guard let key = text.range(of: "\"\(field)\""),
                let colon = text[key.upperBound...].firstIndex(where: { !$0.isWhitespace }), text[colon] == ":"
            else { continue }
            let literal = text[text.index(after: colon)...].drop { $0.isWhitespace }
                .prefix { $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }
            guard !literal.isEmpty else { continue }
            let usable = decimals.contains(field) ? Double(literal)?.isFinite == true : CheckedNumber.wholeNumber(String(literal)) != nil
            if !usable { return (field, String(literal)) }
        }
        return nil
    }

    /// Every profile that loads, with the errors of those that do not.
    public func allProfiles() -> [(name: String, result: Result<VoiceProfile, Error>)] {
        profileNames().map { name in (name, Result { try profile(named: name) }) }
    }

    /// The pronunciation lexicon's file.
    public var lexiconFile: URL { folder.appendingPathComponent("lexicon.txt") }

    /// The list of capitals said as words (NASA → 나사).
    public var acronymsFile: URL { folder.appendingPathComponent("acronyms.txt") }

    /// The pronunciation lexicon of this folder with its capitals said as words, or an empty
    /// one for each file the folder does not have.
    public func lexicon() throws -> CuratorLexicon {
        var lexicon = CuratorLexicon.empty
        if FileManager.default.fileExists(atPath: lexiconFile.path) {
            lexicon = try CuratorLexicon(contentsOf: lexiconFile)
        }
        guard FileManager.default.fileExists(atPath: acronymsFile.path) else { return lexicon }
        return lexicon.adding(try WordAcronyms(contentsOf: acronymsFile))
    }

    /// The pronunciation dictionary's file.
    public var pronunciationDictionaryFile: URL { folder.appendingPathComponent("pronunciation.txt") }

    /// The pronunciation dictionary of this folder (word-dependent sound changes), or an empty
    /// one when it has none (then the rules alone apply).
    public func pronunciationDictionary() throws -> PronunciationDictionary {
        guard FileManager.default.fileExists(atPath: pronunciationDictionaryFile.path) else { return .empty }
        return try PronunciationDictionary(contentsOf: pronunciationDictionaryFile, reading: CuratedText.lines(ofFile:))
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
