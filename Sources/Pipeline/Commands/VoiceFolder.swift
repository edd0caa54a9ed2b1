import ExpoModel
import ExpoSystem
import Foundation
import Synthesizer

/// The Voices folder as the commands use it: the one the user named, or the one installed
/// with the program.
public enum VoiceFolder {
    /// A voice profile, as `voices` lists it.
    public typealias Profile = VoiceProfile

    /// The folder `explicit` (nil: the installed one) and every profile in it, each read or
    /// the reason it cannot be.
    public static func profiles(in explicit: URL?) throws -> (folder: URL, profiles: [(name: String, result: Result<Profile, Error>)]) {
        let library = try library(explicit)
        return (library.folder, library.allProfiles())
    }

    /// The voice of a guide: the profile `voice` of the folder, with its lexicon, pronunciation
    /// dictionary and braille table.
    public static func guideVoice(in explicit: URL?, voice: String) throws -> GuideVoice {
        try GuideVoice(voices: library(explicit), voice: voice)
    }

    /// The line tools' words: the folder's lexicon and, when `pronouncing`, its pronunciation
    /// dictionary; empty ones when no folder was named and none is installed (the line tools
    /// work without one).
    public static func spokenLines(in explicit: URL?, pronouncing: Bool) throws -> SpokenLines {
        do {
            let library = try library(explicit)
            return SpokenLines(
                lexicon: try library.lexicon(),
                pronunciation: pronouncing ? try library.pronunciationDictionary() : .empty)
        } catch let error as ExpoError where error.isVoicesFolderMissing && explicit == nil {
            return SpokenLines(lexicon: .empty)
        }
    }

    /// The folder `explicit` names (it must exist) or, for nil, the installed one.
    public static func folder(_ explicit: URL?) throws -> URL {
        try library(explicit).folder
    }

    private static func library(_ explicit: URL?) throws -> VoiceLibrary {
        try VoiceLibrary.locate(explicit: explicit, executable: ChildProcess.currentExecutable)
    }
}
